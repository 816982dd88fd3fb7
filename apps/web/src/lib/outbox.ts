import { createStore, get, set, type UseStore } from 'idb-keyval';
import { api, ApiError } from './api-client.ts';
import { getToken, type Session } from './session-store.ts';

// A payment the member made without a network (a dues receipt, a loan repayment) waits on the
// phone, in IndexedDB with its receipt, and is sent when the network is back: on the next open
// of the member area or when the browser says it is online again (features/layout). It carries
// the Idempotency-Key of the member's submission, so that however often it is sent (two tabs, an
// answer lost on the way), the money moves once. The member can cancel it until it is sent.
// It is its account's (issue 32): on a phone shared by several members it waits through another
// member's session, unseen, unsent and untouched, until its own member signs in again, or
// deletes it when signing out (api/logout.ts).

/** A payment with its receipt as it leaves the phone, now or later: its call and its fields. */
export interface PaymentRequest {
  path: string;
  fields: Record<string, string>;
  photo: File;
  kind: 'dues' | 'repayment';
  /** For the member's eyes: the amount in AED and, for dues, the month ("2026-11"). */
  amount: number;
  period?: string | undefined;
}

export interface WaitingPayment extends PaymentRequest {
  /** The submission's Idempotency-Key. */
  id: string;
  /** The account that made it: only its own session sends or shows it. */
  accountId: number;
  keptAt: number;
}

/**
 * Sends a payment with its Idempotency-Key and the token of the session it was made in, telling
 * `onUploadProgress` how much has gone.
 */
export function sendPayment<T extends { message: string }>(
  request: PaymentRequest,
  idempotencyKey: string,
  {
    token,
    onUploadProgress,
  }: { token: string | undefined; onUploadProgress?: (fraction: number) => void },
): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(request.fields)) form.append(name, value);
  form.append('photo', request.photo, request.photo.name);
  return api<T>(request.path, {
    form,
    idempotencyKey,
    token,
    ...(onUploadProgress ? { onUploadProgress } : {}),
  });
}

type Outbox = Record<string, WaitingPayment>;

const KEY = 'payments';
let outbox: UseStore | undefined;
const store = () => (outbox ??= createStore('jamiya-outbox', 'waiting'));

async function read(): Promise<Outbox> {
  if (typeof indexedDB === 'undefined') return {};
  return (await get<Outbox>(KEY, store())) ?? {};
}

/** One change at a time, in this tab and in the member's other tabs. */
function exclusively<T>(work: () => Promise<T>): Promise<T> {
  // The lock's promise settles with the work's own result.
  return navigator.locks
    ? (navigator.locks.request('jamiya-outbox', work) as unknown as Promise<T>)
    : work();
}

/** The account's waiting payments, oldest first. */
export async function waitingPayments(accountId: number): Promise<WaitingPayment[]> {
  return Object.values(await read())
    .filter((payment) => payment.accountId === accountId)
    .sort((a, b) => a.keptAt - b.keptAt);
}

export function keepPayment(payment: WaitingPayment): Promise<void> {
  return exclusively(async () => set(KEY, { ...(await read()), [payment.id]: payment }, store()));
}

/** Takes a payment out; false if it was not there. Inside `exclusively`. */
async function takeOut(id: string): Promise<boolean> {
  const { [id]: taken, ...rest } = await read();
  if (taken) await set(KEY, rest, store());
  return Boolean(taken);
}

/** Takes a payment out before it is sent: false if it was sent (or cancelled) meanwhile. */
export function cancelPayment(id: string): Promise<boolean> {
  return exclusively(() => takeOut(id));
}

/** Deletes the account's waiting payments, and only its own (its member's choice at sign-out). */
export function forgetWaitingPayments(accountId: number): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  return exclusively(async () => {
    const outbox = await read();
    const others = Object.fromEntries(
      Object.entries(outbox).filter(([, payment]) => payment.accountId !== accountId),
    );
    await set(KEY, others, store());
  });
}

export type SendOutcome =
  { payment: WaitingPayment; message: string } | { payment: WaitingPayment; error: ApiError };

/**
 * Sends the session's account's waiting payments, oldest first, each with its key and the
 * session's token, and answers what became of each one that left the outbox: sent, or refused
 * by the server (a month paid meanwhile, say). Stops at the first that gets no answer, or a
 * server error, to try again later; and as soon as the session is no longer the phone's (a
 * sign-out, another account signed in from another tab): the rest wait for their member.
 */
export function sendWaitingPayments(session: Session): Promise<SendOutcome[]> {
  return exclusively(async () => {
    const outcomes: SendOutcome[] = [];
    for (const payment of await waitingPayments(session.accountId)) {
      if (getToken() !== session.token) break;
      try {
        const { message } = await sendPayment(payment, payment.id, { token: session.token });
        outcomes.push({ payment, message });
      } catch (error) {
        const isFinal =
          error instanceof ApiError &&
          error.status >= 400 &&
          error.status < 500 &&
          error.status !== 401;
        if (!isFinal) break;
        outcomes.push({ payment, error });
      }
      await takeOut(payment.id);
    }
    return outcomes;
  });
}

/** The query of the waiting payments (features/dues), refreshed whenever the outbox changes. */
export const WAITING_PAYMENTS_KEY = ['waitingPayments'] as const;
