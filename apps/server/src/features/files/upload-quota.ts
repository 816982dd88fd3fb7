import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { MemberLimits } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { files } from '../../db/schema/files.ts';
import { payloadTooLarge } from '../../lib/errors.ts';
import { DAY_MS, HOUR_MS, oneAtATime, refuseBeyondRate, waitOf } from '../../lib/rate-window.ts';
import { sentence } from '../../lib/i18n.ts';
import { isUploadedFile, type UploadedFile } from '../../lib/uploaded-file.ts';

// Issue 21: one member must not fill the database, where the files live (decision 032). Each
// member's uploads are bounded per hour (count), per rolling day and in all (bytes), counted
// from their rows in `files`; the upload being sent is counted at the size it was sent. Every
// request carrying a file is checked before its handler runs (installUploadQuota), so before
// anything is stored.

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

/** The creation times of a member's newest files since `since`, newest first, at most `limit`. */
async function newestUploads(db: DbOrTx, ownerId: number, since: Date, limit: number) {
  const rows = await db
    .select({ createdAt: files.createdAt })
    .from(files)
    .where(and(eq(files.ownerId, ownerId), gt(files.createdAt, since)))
    .orderBy(desc(files.createdAt))
    .limit(limit);
  return rows.map((r) => r.createdAt);
}

/**
 * Refuses (429) an upload beyond the member's uploads an hour, and (413) one that would take
 * the member's stored bytes beyond the daily or the total allowance, each with a sentence
 * saying what the limit is and when the member can send again.
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
  const [totals] = await db
    .select({
      total: sql<number>`coalesce(sum(${files.sizeBytes}), 0)`.mapWith(Number),
      today:
        sql<number>`coalesce(sum(${files.sizeBytes}) filter (where ${files.createdAt} > ${dayStart.toISOString()}::timestamptz), 0)`.mapWith(
          Number,
        ),
    })
    .from(files)
    .where(eq(files.ownerId, ownerId));
  const { total, today } = totals ?? { total: 0, today: 0 };

  if (total + upload.bytes > limits.uploadBytesTotal) {
    throw payloadTooLarge(
      sentence(
        'You can keep at most {size} of files in all, and this file would go over it. Please contact the committee to send more.',
        { size: formatBytes(limits.uploadBytesTotal) },
      ),
    );
  }

  const perDay = limits.uploadBytesPerDay;
  if (upload.bytes > perDay) {
    throw payloadTooLarge(
      sentence(
        'This file is larger than the {size} of files you can send in a day. Please send a smaller file.',
        { size: formatBytes(perDay) },
      ),
    );
  }
  if (today + upload.bytes > perDay) {
    // The oldest files of the day leave the window one by one until this one fits.
    const dayRows = await db
      .select({ createdAt: files.createdAt, sizeBytes: files.sizeBytes })
      .from(files)
      .where(and(eq(files.ownerId, ownerId), gt(files.createdAt, dayStart)))
      .orderBy(files.createdAt);
    let kept = today;
    let at = now;
    for (const row of dayRows) {
      if (kept + upload.bytes <= perDay) break;
      kept -= row.sizeBytes;
      at = new Date(row.createdAt.getTime() + DAY_MS);
    }
    throw payloadTooLarge(
      sentence(
        'You can send at most {size} of files a day, and this file would go over it. Please try again {hours, plural, =0 {in {minutes, plural, one {a minute} other {# minutes}}} =1 {in an hour} other {in about # hours}}, or send a smaller file.',
        { size: formatBytes(perDay), ...waitOf(at.getTime() - now.getTime()) },
      ),
    );
  }
}

/** The files a request carries, at the top level of its (multipart) body. */
function uploadsIn(body: unknown): UploadedFile[] {
  if (typeof body !== 'object' || body === null) return [];
  return Object.values(body).flatMap((v: unknown) =>
    Array.isArray(v) ? v.filter(isUploadedFile) : isUploadedFile(v) ? [v] : [],
  );
}

/**
 * Every route registered on `app` after this call checks the signed-in user's upload quota
 * before its handler runs, when the request carries a file: receipts, loan repayments,
 * profile photos, message attachments, and any upload added later. It runs as part of the
 * handler, after the route's own hooks (sign-in, validation, an Idempotency-Key's replay),
 * and one upload of a member at a time.
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
      return oneAtATime(db, `upload:${ownerId}`, async () => {
        await checkUploadQuota(db, ownerId, limits, {
          count: uploads.length,
          bytes: uploads.reduce((n, u) => n + u.data.length, 0),
        });
        return handler.call(this, request, reply);
      });
    };
    route.handler = checked as typeof route.handler;
  });
}
