// How a step calls the app: a POST with a fresh Idempotency-Key, its status checked against
// the model's; an admin signing in again; the receipt photo the members send.
import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { Model, Real } from './model.ts';

/** Admin k signs in again: their sessions ended (made inactive). */
export async function signInAgain(model: Model, real: Real, k: number): Promise<void> {
  real.adminTokens[k] = await real.t.login(model.admins[k]!.email);
}

/** The photo every receipt sends: made once, before the runs. */
export let receipt = Buffer.alloc(0);
export async function makeReceipt(): Promise<void> {
  receipt = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123456' } })
    .jpeg()
    .toBuffer();
}

/**
 * Sends a call with a fresh Idempotency-Key and checks its status against the model's. Every
 * step's call changes something: a POST.
 */
export async function call(
  model: Model,
  real: Real,
  options: Omit<InjectOptions, 'method'>,
  expected: number,
): Promise<LightMyRequestResponse> {
  const sent = {
    ...options,
    method: 'POST',
    headers: { ...options.headers, 'idempotency-key': randomUUID() },
  } as InjectOptions;
  const res = await real.t.app.inject(sent);
  if (res.statusCode !== expected) {
    throw new Error(`POST ${options.url}: expected ${expected}, got ${res.statusCode} ${res.body}`);
  }
  // A call refused before its route runs (an inactive admin's, 403) keeps nothing to replay.
  model.last =
    res.statusCode === 403 ? null : { options: sent, statusCode: res.statusCode, body: res.body };
  return res;
}
