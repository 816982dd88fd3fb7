import { createHash } from 'node:crypto';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { z } from 'zod';
import { idempotencyKeys } from '../db/schema/idempotency.ts';
import { conflict, unprocessable } from '../lib/errors.ts';

// Idempotency-Key on the calls that move money (after Stripe's and the IETF draft's
// semantics): the first request with a key runs and its answer is kept; a replay of the same
// request gets that answer again and writes nothing. See docs/security.md (Money under pressure).

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Accept an Idempotency-Key header on this route (installIdempotency does the rest). */
    idempotent?: boolean;
    /** What of the answer is kept for a replay, when not all of it may wait in the database. */
    keptAnswer?: (body: string) => string;
  }
}

const HEADER = 'idempotency-key';

const keyHeaders = z.looseObject({
  [HEADER]: z
    .string()
    .regex(
      /^[\x21-\x7e]{1,255}$/,
      /*i18n*/ 'The Idempotency-Key must be 1 to 255 visible ASCII characters.',
    )
    .optional()
    .meta({
      description:
        'Optional. A key of your choosing (1-255 visible ASCII characters, a UUID say) that makes a retry safe: ' +
        'the same request with the same key answers what the first answered, with `Idempotent-Replayed: true`, and moves no money. ' +
        'The same key with another request is refused (422); while the first is still running, 409.',
    }),
});

/**
 * How long a key is kept, as Stripe keeps its keys: a retry within a day is answered from
 * the key; after that, the key is forgotten and the same key starts a new request.
 */
export const IDEMPOTENCY_KEY_RETENTION_MS = 24 * 60 * 60_000;

/** Deletes the keys older than the retention (run by the scheduled job); returns how many. */
export async function forgetOldIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_MS)))
    .returning({ id: idempotencyKeys.id });
  return gone.length;
}

/** The requests that hold a claimed key, until their answer is stored (or the key freed). */
const claims = new WeakMap<FastifyRequest, number>();

function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** A JSON-able copy with sorted keys, files replaced by the hash of their bytes. */
function canonical(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return { sha256: sha256(value) };
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value ?? null;
  const object = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(object)
      .filter((k) => object[k] !== undefined)
      .sort()
      .map((k) => [k, canonical(object[k])]),
  );
}

/** The request's body (as validated: JSON fields, or multipart fields and file bytes), hashed. */
export function requestHash(body: unknown): string {
  return sha256(JSON.stringify(canonical(body)));
}

async function replayOrRefuse(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  key: string,
  route: string,
  hash: string,
): Promise<FastifyReply | 'retry'> {
  const [existing] = await request.server.deps.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!existing) return 'retry'; // freed by a failed first request in between
  if (existing.route !== route || existing.requestHash !== hash) {
    throw unprocessable(
      /*i18n*/ 'This Idempotency-Key was already used for another request. Send a new key with a new request.',
    );
  }
  if (existing.statusCode === null) {
    throw conflict(
      /*i18n*/ 'The first request with this Idempotency-Key is still being processed. Wait a moment and try again.',
    );
  }
  return reply
    .status(existing.statusCode)
    .type(existing.responseType || 'application/json; charset=utf-8')
    .header('Idempotent-Replayed', 'true')
    .send(existing.responseBody ?? '');
}

/** preHandler: claims the key (the request then runs) or answers for it (replay, 409, 422). */
const claimKey: preHandlerHookHandler = async function (request, reply) {
  const key = request.headers[HEADER];
  const userId = request.session?.userId;
  if (typeof key !== 'string' || userId === undefined) return;
  const route = `${request.method} ${request.url}`;
  const hash = requestHash(request.body);
  for (let attempt = 0; attempt < 3; attempt++) {
    const [claimed] = await request.server.deps.db
      .insert(idempotencyKeys)
      .values({ userId, key, route, requestHash: hash })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (claimed) {
      claims.set(request, claimed.id);
      return;
    }
    const answered = await replayOrRefuse(request, reply, userId, key, route, hash);
    if (answered !== 'retry') return answered;
  }
  throw conflict(
    /*i18n*/ 'Another request with this Idempotency-Key is being processed. Try again.',
  );
};

/** onSend: keeps the first answer; a 5xx frees the key so the request can be retried. */
const storeAnswer: onSendHookHandler = async function (request, reply, payload) {
  const id = claims.get(request);
  if (id === undefined) return payload;
  claims.delete(request);
  const { db } = request.server.deps;
  try {
    if (reply.statusCode >= 500) {
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
    } else {
      const sent =
        typeof payload === 'string'
          ? payload
          : Buffer.isBuffer(payload)
            ? payload.toString('utf8')
            : '';
      const keep = request.routeOptions.config.keptAnswer;
      const body = keep && sent ? keep(sent) : sent;
      const type = reply.getHeader('content-type');
      await db
        .update(idempotencyKeys)
        .set({
          statusCode: reply.statusCode,
          responseBody: body,
          responseType: typeof type === 'string' ? type : null,
          completedAt: new Date(),
        })
        .where(eq(idempotencyKeys.id, id));
    }
  } catch (err) {
    // The answer still goes out; the key stays "running", so a replay gets 409, never a rerun.
    request.log.error({ err, idempotencyKeyId: id }, 'could not store the idempotent answer');
  }
  return payload;
};

const asArray = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * Routes registered on `app` (and its children) after this call with
 * `config: { idempotent: true }` accept an Idempotency-Key header: it is validated (400),
 * documented in the OpenAPI, claimed before the handler and answered from the store after.
 */
export function installIdempotency(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    const preHandlers = asArray(route.preHandler);
    if (preHandlers.includes(claimKey)) return; // installed on a parent scope too
    if (route.schema?.headers) throw new Error(`${route.url} has its own headers schema`);
    route.schema = { ...route.schema, headers: keyHeaders };
    route.preHandler = [...preHandlers, claimKey];
  });
}

/**
 * Keeps each claimed request's answer as it is sent (storeAnswer). Installed on the app before
 * the compression plugin, so that the answer is kept as written, not as compressed for one
 * browser: a hook of a route, or one added after it, would see the compressed bytes.
 */
export function keepIdempotentAnswers(app: FastifyInstance): void {
  app.addHook('onSend', storeAnswer);
}
