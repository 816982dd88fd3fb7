import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { MemberLimits } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { files, uploadAttempts } from '../../db/schema/files.ts';
import { payloadTooLarge } from '../../lib/errors.ts';
import {
  DAY_MS,
  HOUR_MS,
  lockMemberCount,
  refuseBeyondRate,
  waitOf,
} from '../../db/rate-window.ts';
import { sentence } from '../../lib/i18n.ts';
import { isUploadedFile, type UploadedFile } from '../../lib/uploaded-file.ts';

// Issue 21: one member must not fill the database, where the files live (decision 032). Each
// member's uploads are bounded per hour (count), per rolling day and in all (bytes). Issue 32:
// every upload counts, kept or refused, so the hour and the day are counted from the member's
// upload attempts, at the size each was sent; what is kept in all, from their rows in `files`.
// Every request carrying a file is checked, and recorded, before its handler runs
// (installUploadQuota), so before its file is looked at; under a lock on the member's count,
// so that requests at once, to any process, are counted one after the other (decision 034).

const MB = 1024 * 1024;

export type UploadLimits = Pick<
  MemberLimits,
  'uploadsPerHour' | 'uploadBytesPerDay' | 'uploadBytesTotal'
>;

/** 50 MB, 2.5 MB, 10 KB. */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** The times of a member's newest uploads since `since`, newest first, at most `limit`. */
async function newestUploads(db: DbOrTx, ownerId: number, since: Date, limit: number) {
  const rows = await db
    .select({ createdAt: uploadAttempts.createdAt })
    .from(uploadAttempts)
    .where(and(eq(uploadAttempts.ownerId, ownerId), gt(uploadAttempts.createdAt, since)))
    .orderBy(desc(uploadAttempts.createdAt))
    .limit(limit);
  return rows.map((r) => r.createdAt);
}

/**
 * Refuses (429) an upload beyond the member's uploads an hour, (413) one that would take the
 * bytes the member sent in a day beyond the daily allowance, or the bytes they keep beyond the
 * total, each with a sentence saying what the limit is and when the member can send again.
 */
export async function checkUploadQuota(
  db: DbOrTx,
  ownerId: number,
  limits: UploadLimits,
  upload: { count: number; bytes: number },
  now = new Date(),
): Promise<void> {
  const perHour = limits.uploadsPerHour;
  refuseBeyondRate(
    await newestUploads(db, ownerId, new Date(now.getTime() - HOUR_MS), perHour),
    { limit: perHour, windowMs: HOUR_MS, what: 'files', adding: upload.count },
    now,
  );

  const dayStart = new Date(now.getTime() - DAY_MS);
  const [stored] = await db
    .select({ total: sql<number>`coalesce(sum(${files.sizeBytes}), 0)`.mapWith(Number) })
    .from(files)
    .where(eq(files.ownerId, ownerId));
  const [sent] = await db
    .select({ today: sql<number>`coalesce(sum(${uploadAttempts.sizeBytes}), 0)`.mapWith(Number) })
    .from(uploadAttempts)
    .where(and(eq(uploadAttempts.ownerId, ownerId), gt(uploadAttempts.createdAt, dayStart)));
  const total = stored?.total ?? 0;
  const today = sent?.today ?? 0;

  if (total + upload.bytes > limits.uploadBytesTotal) {
    throw payloadTooLarge(
      sentence(
        /*i18n*/ 'You can keep at most {size} of files in all, and this file would go over it. Please contact the committee to send more.',
        { size: formatBytes(limits.uploadBytesTotal) },
      ),
    );
  }

  const perDay = limits.uploadBytesPerDay;
  if (upload.bytes > perDay) {
    throw payloadTooLarge(
      sentence(
        /*i18n*/ 'This file is larger than the {size} of files you can send in a day. Please send a smaller file.',
        { size: formatBytes(perDay) },
      ),
    );
  }
  if (today + upload.bytes > perDay) {
    // The oldest uploads of the day leave the window one by one until this one fits.
    const dayRows = await db
      .select({ createdAt: uploadAttempts.createdAt, sizeBytes: uploadAttempts.sizeBytes })
      .from(uploadAttempts)
      .where(and(eq(uploadAttempts.ownerId, ownerId), gt(uploadAttempts.createdAt, dayStart)))
      .orderBy(uploadAttempts.createdAt);
    let kept = today;
    let at = now;
    for (const row of dayRows) {
      if (kept + upload.bytes <= perDay) break;
      kept -= row.sizeBytes;
      at = new Date(row.createdAt.getTime() + DAY_MS);
    }
    throw payloadTooLarge(
      sentence(
        /*i18n*/ 'You can send at most {size} of files a day, and this file would go over it. Please try again {hours, plural, =0 {in {minutes, plural, one {a minute} other {# minutes}}} =1 {in an hour} other {in about # hours}}, or send a smaller file.',
        { size: formatBytes(perDay), ...waitOf(at.getTime() - now.getTime()) },
      ),
    );
  }
}

/**
 * Lets a request's uploads in, or refuses them (checkUploadQuota), and records them: each
 * counts from now on, whatever becomes of it. Exact across processes: the count and the
 * record are made under the lock on the member's count of files.
 */
export async function admitUploads(
  db: Db,
  ownerId: number,
  limits: UploadLimits,
  sizes: number[],
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMemberCount(tx, 'files', ownerId);
    const bytes = sizes.reduce((n, size) => n + size, 0);
    await checkUploadQuota(tx, ownerId, limits, { count: sizes.length, bytes }, now);
    // Older than a day, an attempt counts for nothing.
    await tx
      .delete(uploadAttempts)
      .where(
        and(
          eq(uploadAttempts.ownerId, ownerId),
          lte(uploadAttempts.createdAt, new Date(now.getTime() - DAY_MS)),
        ),
      );
    await tx
      .insert(uploadAttempts)
      .values(sizes.map((sizeBytes) => ({ ownerId, sizeBytes, createdAt: now })));
  });
}

/** The files a request carries, at the top level of its (multipart) body. */
function uploadsIn(body: unknown): UploadedFile[] {
  if (typeof body !== 'object' || body === null) return [];
  return Object.values(body).flatMap((v: unknown) =>
    Array.isArray(v) ? v.filter(isUploadedFile) : isUploadedFile(v) ? [v] : [],
  );
}

/**
 * Every route registered on `app` after this call checks the signed-in user's upload quota,
 * and records the upload, before its handler runs, when the request carries a file: receipts,
 * loan repayments, profile photos, message attachments, and any upload added later. It runs
 * as part of the handler, after the route's own hooks (sign-in, validation, an
 * Idempotency-Key's replay).
 */
export function installUploadQuota(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = ([] as string[]).concat(route.method);
    if (methods.every((m) => m === 'GET' || m === 'HEAD')) return;
    const handler = route.handler as RouteHandlerMethod;
    const checked: RouteHandlerMethod = async function (request, reply) {
      const uploads = uploadsIn(request.body);
      const ownerId = request.session?.userId;
      if (uploads.length === 0 || ownerId === undefined) return handler.call(this, request, reply);
      const { db, limits } = app.deps;
      await admitUploads(
        db,
        ownerId,
        limits,
        uploads.map((u) => u.data.length),
      );
      return handler.call(this, request, reply);
    };
    route.handler = checked as typeof route.handler;
  });
}
