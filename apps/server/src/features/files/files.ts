import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { files } from '../../db/schema/files.ts';
import type { FileStorage } from './file-storage.ts';
import { newStorageKey } from './file-storage.ts';
import type { UploadedFile } from '../../lib/uploaded-file.ts';
import { sanitizeUpload, type SanitizedUpload } from './sanitize-upload.ts';
import { cleanFileName } from './file-name.ts';

export type FileRow = typeof files.$inferSelect;

export function fileUrl(id: string | null): string | null {
  return id ? `/api/files/${id}` : null;
}

/** A stored upload waiting for the row that records it (written in the caller's transaction). */
export interface StoredUpload {
  storageKey: string;
  upload: SanitizedUpload;
  originalName: string | null;
}

/**
 * Writes the bytes first and the row second: a crash in between leaves a file without a
 * row (removed by sweepOrphanUploads at the next start), never a row without its file.
 */
export async function storeUpload(
  storage: FileStorage,
  upload: SanitizedUpload,
  originalName: string | null,
): Promise<StoredUpload> {
  const storageKey = newStorageKey();
  await storage.put(storageKey, upload.data);
  return { storageKey, upload, originalName: cleanFileName(originalName) };
}

/**
 * Checks and stores a member's upload, then runs `record`, which writes the rows that refer
 * to it; if that fails the stored file is removed again, so no file is left without its row.
 */
export async function withStoredUpload<T>(
  storage: FileStorage,
  file: UploadedFile,
  record: (stored: StoredUpload) => Promise<T>,
): Promise<T> {
  const stored = await storeUpload(storage, await sanitizeUpload(file.data), file.filename);
  try {
    return await record(stored);
  } catch (err) {
    await storage.remove(stored.storageKey);
    throw err;
  }
}

export async function insertFileRow(
  db: DbOrTx,
  ownerId: number,
  purpose: 'receipt' | 'profile_photo' | 'message_attachment',
  stored: StoredUpload,
): Promise<FileRow> {
  const [row] = await db
    .insert(files)
    .values({
      ownerId,
      purpose,
      mime: stored.upload.mime,
      ext: stored.upload.ext,
      sizeBytes: stored.upload.data.length,
      storageKey: stored.storageKey,
      originalName: stored.originalName?.slice(0, 200) ?? null,
      originalSha256: stored.upload.originalSha256 ?? null,
      pictureHash: stored.upload.pictureHash ?? null,
    })
    .returning();
  if (!row) throw new Error('file row was not written');
  return row;
}

export async function findFile(db: DbOrTx, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row;
}

/**
 * Removes the uploads no row refers to: a crash (or a kill) between writing an upload and
 * committing its row leaves one, and so does a write cut short (its temp file). Only objects
 * written before `writtenBefore` go: a newer one may belong to a request still running in
 * another process. Lists the folder before reading the rows, so a row committed meanwhile is
 * seen. Returns how many objects it removed.
 */
export async function sweepOrphanUploads(
  db: DbOrTx,
  storage: FileStorage,
  writtenBefore: Date,
): Promise<number> {
  const objects = (await storage.list()).filter((o) => o.modifiedAt < writtenBefore);
  if (objects.length === 0) return 0;
  const known = new Set((await db.select({ key: files.storageKey }).from(files)).map((r) => r.key));
  let removed = 0;
  for (const o of objects) {
    if (o.key === null) {
      await storage.removeUnfinished(o.name);
      removed += 1;
    } else if (!known.has(o.key)) {
      await storage.remove(o.key);
      removed += 1;
    }
  }
  return removed;
}
