// A stored file as GET /api/files/:id reads it: found, allowed to the reader, and its bytes.
import type { DbOrTx } from '../../db/client.ts';
import type { SessionUser } from '../sessions/public.ts';
import type { FileStorage } from './file-storage.ts';
import { findFile, type FileRow } from './files.ts';

/** Who else may read a file of a purpose, besides its owner and admins: asked of the feature that uses it. */
export type FileReaders = Partial<
  Record<FileRow['purpose'], (db: DbOrTx, fileId: string, userId: number) => Promise<boolean>>
>;

// The owner and admins; and whom the feature using the file names (the member of a
// conversation reads what the committee attached in it, owned by the admin who answered).
async function mayRead(
  db: DbOrTx,
  readers: FileReaders,
  file: FileRow,
  me: SessionUser,
): Promise<boolean> {
  if (file.ownerId === me.userId || me.role === 'admin') return true;
  const reader = readers[file.purpose];
  return reader !== undefined && (await reader(db, file.id, me.userId));
}

/**
 * The file of `id` with its bytes (null when they are missing from storage); undefined when
 * there is no such file or `me` may not read it, which the caller answers alike.
 */
export async function readableFile(
  db: DbOrTx,
  storage: FileStorage,
  readers: FileReaders,
  id: string,
  me: SessionUser,
): Promise<{ file: FileRow; data: Buffer | null } | undefined> {
  const file = await findFile(db, id);
  if (!file || !(await mayRead(db, readers, file, me))) return undefined;
  return { file, data: await storage.get(db, file.storageKey) };
}
