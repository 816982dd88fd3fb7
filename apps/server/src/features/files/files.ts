import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { files } from '../../db/schema/files.ts';
import { inBatches } from '../../lib/batches.ts';
import type { UploadedFile } from '../../lib/uploaded-file.ts';
import { cleanFileName } from './file-name.ts';
import { gridDistance, SAME_PICTURE_MAX_CELLS, SAME_PICTURE_MAX_DISTANCE } from './picture-hash.ts';
import { newStorageKey, type FileStorage } from './file-storage.ts';
import { sanitizeUpload, type SanitizedUpload } from './sanitize-upload.ts';

export type FileRow = typeof files.$inferSelect;

export function fileUrl(id: string | null): string | null {
  return id ? `/api/files/${id}` : null;
}

/**
 * A checked upload waiting for its row: insertFileRow writes both in the caller's
 * transaction. The checking (re-encoding) is done before, outside any transaction.
 */
export interface PendingUpload {
  storage: FileStorage;
  storageKey: string;
  upload: SanitizedUpload;
  originalName: string | null;
}

export function pendingUpload(
  storage: FileStorage,
  upload: SanitizedUpload,
  originalName: string | null,
): PendingUpload {
  return {
    storage,
    storageKey: newStorageKey(),
    upload,
    originalName: cleanFileName(originalName),
  };
}

/** A member's file checked by its content and re-encoded (sanitizeUpload), ready for its row. */
export async function checkedUpload(
  storage: FileStorage,
  file: UploadedFile,
): Promise<PendingUpload> {
  return pendingUpload(storage, await sanitizeUpload(file.data), file.filename);
}

/** The file's row and its bytes, in `tx`: both are kept, or neither. */
export async function insertFileRow(
  tx: Tx,
  ownerId: number,
  purpose: 'receipt' | 'profile_photo' | 'message_attachment' | 'journal_evidence',
  pending: PendingUpload,
): Promise<FileRow> {
  const [row] = await tx
    .insert(files)
    .values({
      ownerId,
      purpose,
      mime: pending.upload.mime,
      ext: pending.upload.ext,
      sizeBytes: pending.upload.data.length,
      storageKey: pending.storageKey,
      originalName: pending.originalName?.slice(0, 200) ?? null,
      originalSha256: pending.upload.originalSha256 ?? null,
      pictureHash: pending.upload.pictureHash ?? null,
      pictureGrid: pending.upload.pictureGrid ?? null,
    })
    .returning();
  if (!row) throw new Error('file row was not written');
  await pending.storage.put(tx, pending.storageKey, pending.upload.data);
  return row;
}

export async function findFile(db: DbOrTx, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row;
}

/**
 * Each file's id and type, as a subquery another feature joins in one statement (a message's
 * attachment): the files table stays this feature's.
 */
export function fileTypes(db: DbOrTx) {
  return db.select({ id: files.id, mime: files.mime }).from(files).as('file_types');
}

/**
 * Each file with every receipt that holds the same: the same file as sent (SHA-256) or a
 * near-identical picture (dHash within SAME_PICTURE_MAX_DISTANCE bits), as a subquery another
 * feature joins in one statement (payments' possible duplicates). A file without hashes has none.
 */
export function sameReceipts(db: DbOrTx) {
  const mine = alias(files, 'mine');
  const theirs = alias(files, 'theirs');
  return db
    .select({
      fileId: sql<string>`${mine.id}`.as('file_id'),
      sameId: sql<string>`${theirs.id}`.as('same_id'),
      bySha: sql<boolean>`coalesce(${theirs.originalSha256} = ${mine.originalSha256}, false)`.as(
        'by_sha',
      ),
    })
    .from(mine)
    .innerJoin(
      theirs,
      and(
        eq(theirs.purpose, 'receipt'),
        or(
          eq(theirs.originalSha256, mine.originalSha256),
          // bit_count over the XOR: PostgreSQL 14+ (and PGlite).
          sql`bit_count((${theirs.pictureHash} # ${mine.pictureHash})::bit(64)) <= ${SAME_PICTURE_MAX_DISTANCE}`,
        ),
      ),
    )
    .as('same_receipts');
}

/**
 * Of the pairs sameReceipts found, those that hold the same: the same file as sent, or pictures
 * whose grids agree (receipts of one template differ in their text there, though their hashes
 * agree). A file kept before the grids (null) is judged by its hash alone, as then.
 */
export async function nearIdentical<P extends { fileId: string; sameId: string; bySha: boolean }>(
  db: DbOrTx,
  pairs: P[],
): Promise<P[]> {
  const ids = [...new Set(pairs.filter((p) => !p.bySha).flatMap((p) => [p.fileId, p.sameId]))];
  const grids = new Map<string, Buffer | null>();
  for (const batch of inBatches(ids))
    for (const row of await db
      .select({ id: files.id, grid: files.pictureGrid })
      .from(files)
      .where(inArray(files.id, batch)))
      grids.set(row.id, row.grid);
  return pairs.filter((p) => {
    if (p.bySha) return true;
    const [a, b] = [grids.get(p.fileId), grids.get(p.sameId)];
    return !a || !b || gridDistance(a, b) <= SAME_PICTURE_MAX_CELLS;
  });
}
