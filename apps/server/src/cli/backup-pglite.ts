// The embedded database's part of npm run backup and restore (backup.ts): the data folder as a
// gzipped tar, streamed, with the server stopped. Until issue 25 the dump was PGlite's own
// dumpDataDir, which builds the whole archive in memory: fine for the books alone, not for
// the years of receipts the database now holds (decision 032). Both kinds restore alike.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import lockfile from 'proper-lockfile';
import * as tar from 'tar';
import { FOLDER_LOCK, folderLockOptions } from '../db/open-database.ts';

/** Writes the data folder to `file`; answers the PGlite version that wrote it. */
export async function dumpPglite(folder: string, file: string): Promise<string> {
  if (!existsSync(path.join(folder, 'PG_VERSION')))
    throw new BackupError(`There is no database in ${folder}.`);
  let version = '';
  await withFolderLock(folder, async () => {
    // Opened once, so that a folder left by a crash is recovered and checkpointed before it is
    // copied, then closed: no process writes while the tar reads.
    const client = await PGlite.create(folder);
    try {
      const { rows } = await client.query<{ v: string }>('select version() as v');
      version = `PGlite: ${rows[0]?.v ?? 'unknown'}`;
      await client.exec('checkpoint');
    } finally {
      await client.close();
    }
    await tar.create(
      {
        gzip: true,
        file,
        cwd: folder,
        portable: true,
        filter: (p) => !p.startsWith(`./${FOLDER_LOCK}`),
      },
      ['.'],
    );
  });
  return version;
}

/** Unpacks a dump into the empty data folder `folder`. */
export async function restorePglite(file: string, folder: string): Promise<void> {
  if (existsSync(folder) && (await fs.readdir(folder)).length > 0)
    throw new BackupError(`${folder} is not empty: restore into a new DATA_DIR.`);
  await fs.mkdir(folder, { recursive: true, mode: 0o700 });
  // dumpDataDir's archives name their entries from the root (/base/1/...): tar strips it.
  await withFolderLock(folder, () => tar.extract({ file, cwd: folder }));
}

/** A backup or restore refused, with a sentence for the operator. */
export class BackupError extends Error {
  override name = 'BackupError';
}

// The lock the server takes (src/db/open-database.ts): a running server makes this fail.
async function withFolderLock(folder: string, fn: () => Promise<void>): Promise<void> {
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(folder, folderLockOptions(folder));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED')
      throw new BackupError(
        `A Jamiya server is using the database in ${folder}. Stop it first: an embedded ` +
          'database is backed up and restored with the server stopped.',
      );
    throw err;
  }
  try {
    await fn();
  } finally {
    await release();
  }
}
