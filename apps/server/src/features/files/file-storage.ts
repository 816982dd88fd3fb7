import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { fileContents } from '../../db/schema/files.ts';

/**
 * Where the bytes of uploaded files live, by storage key. The `files` row that names a key is
 * written in the transaction that puts its bytes, so neither exists without the other
 * (decision 032). docs/scaling.md tells how an object store would keep that promise.
 */
export interface FileStorage {
  /** Keeps `data` under `key` as part of `tx`: kept if and only if `tx` commits. */
  put(tx: Tx, key: string, data: Buffer): Promise<void>;
  /** The bytes under `key`, or null. */
  get(db: DbOrTx, key: string): Promise<Buffer | null>;
}

export function newStorageKey(): string {
  return randomBytes(32).toString('base64url');
}

/** The bytes in PostgreSQL (or PGlite), in `file_contents`, beside their row. */
export const databaseStorage: FileStorage = {
  async put(tx, key, data) {
    await tx.insert(fileContents).values({ storageKey: key, data });
  },

  async get(db, key) {
    const [row] = await db
      .select({ data: fileContents.data })
      .from(fileContents)
      .where(eq(fileContents.storageKey, key));
    return row?.data ?? null;
  },
};
