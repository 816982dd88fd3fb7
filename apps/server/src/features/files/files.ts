import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { files } from '../../db/schema/files.ts';
import type { FileStorage } from './file-storage.ts';
import { newStorageKey } from './file-storage.ts';
import type { SanitizedUpload } from './sanitize-upload.ts';

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
 * row (harmless, swept later), never a row without its file.
 */
export async function storeUpload(
  storage: FileStorage,
  upload: SanitizedUpload,
  originalName: string | null,
): Promise<StoredUpload> {
  const storageKey = newStorageKey();
  await storage.put(storageKey, upload.data);
  return { storageKey, upload, originalName };
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
    })
    .returning();
  if (!row) throw new Error('file row was not written');
  return row;
}

export async function findFile(db: DbOrTx, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row;
}
