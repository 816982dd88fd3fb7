import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { fileContents, files } from '../../db/schema/files.ts';

// Until issue 25 the bytes of uploads were files under DATA_DIR/uploads, named by their storage
// key. At start they move into the database one at a time, the bytes committed before the file
// is deleted: a start cut short leaves nothing half-moved, and the next one carries on.

const KEY_NAME = /^[A-Za-z0-9_-]{16,128}$/;
// A write the old disk storage never finished (killed between its temp file and the rename).
const TEMP_NAME = /^\.[A-Za-z0-9_-]{16,128}\.[0-9a-f]{16}\.tmp$/;

/** How many uploads the folder still holds (0 when it is gone). */
export async function diskUploadsIn(folder: string): Promise<number> {
  try {
    return (await fs.readdir(folder)).filter((name) => KEY_NAME.test(name)).length;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
}

export interface MovedUploads {
  /** Files whose bytes are now in the database. */
  moved: number;
  /** Files no record refers to, written before the cut-off: left by a crash, never answered. */
  removed: number;
  /** Records whose bytes are in neither place (a file lost from the folder). */
  missing: number;
}

/**
 * Moves the files of `folder` into the database. A file no record names is removed only when
 * it was written before `orphansBefore`: on PostgreSQL a process of the old version may still
 * be about to commit its record. The folder goes once it is empty.
 */
export async function moveDiskUploads(
  db: Db,
  folder: string,
  orphansBefore: Date,
): Promise<MovedUploads> {
  const result: MovedUploads = { moved: 0, removed: 0, missing: 0 };
  let names: string[];
  try {
    names = await fs.readdir(folder);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return result;
    throw err;
  }
  for (const name of names) {
    const file = path.join(folder, name);
    if (KEY_NAME.test(name)) {
      const [row] = await db.select({ id: files.id }).from(files).where(eq(files.storageKey, name));
      if (row) {
        // Already in when a start was cut short before it deleted the file.
        await db
          .insert(fileContents)
          .values({ storageKey: name, data: await fs.readFile(file) })
          .onConflictDoNothing();
        await fs.rm(file);
        result.moved += 1;
        continue;
      }
    } else if (!TEMP_NAME.test(name)) {
      continue; // not ours: left alone
    }
    if ((await fs.stat(file)).mtime < orphansBefore) {
      await fs.rm(file);
      result.removed += 1;
    }
  }
  // A folder there was: the records it should have held may have lost their files.
  result.missing = await filesWithoutBytes(db);
  await fs.rmdir(folder).catch(() => undefined); // only when empty
  return result;
}

/** How many file rows have no bytes: none, but for files lost from the old folder. */
export async function filesWithoutBytes(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(files)
    .where(
      sql`not exists (select 1 from ${fileContents} where ${fileContents.storageKey} = ${files.storageKey})`,
    );
  return row?.n ?? 0;
}
