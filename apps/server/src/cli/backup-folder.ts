// The embedded database's part of npm run backup and restore (backup.ts): its data folder as a
// gzipped tar, streamed, with the server stopped. The folder is PostgreSQL's (DATA_DIR/postgres,
// decision 054); a backup made before it holds PGlite's folder, restored into DATA_DIR/pglite
// and moved into PostgreSQL at the next start.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import * as tar from 'tar';
import { giveToDatabaseUser, runningPostmaster } from '../db/embedded-postgres.ts';
import { folderLockOptions } from '../db/open-database.ts';

/** Writes the embedded database's folder to `file`; answers the version that wrote it. */
export async function dumpFolder(dataDir: string, folder: string, file: string): Promise<string> {
  if (!existsSync(path.join(folder, 'PG_VERSION')))
    throw new BackupError(`There is no database in ${folder}.`);
  const version = (await fs.readFile(path.join(folder, 'PG_VERSION'), 'utf8')).trim();
  await withFolderLock(dataDir, async () => {
    // A PostgreSQL left running by a server killed with its watcher: a copy taken under it
    // could miss what it has not yet written.
    const pid = await runningPostmaster(folder);
    if (pid)
      throw new BackupError(
        `PostgreSQL (process ${pid}) still runs on ${folder}: start and stop the server once, ` +
          'then back up.',
      );
    // A folder left by a crash is copied as it is: PostgreSQL replays its log when it starts.
    await tar.create(
      {
        gzip: true,
        file,
        cwd: folder,
        portable: true,
        filter: (p) => p !== './postmaster.pid' && !p.startsWith('./postmaster.opts'),
      },
      ['.'],
    );
  });
  return `PostgreSQL ${version} (embedded)`;
}

/** Unpacks a dump into the empty data folder `folder`. */
export async function restoreFolder(dataDir: string, file: string, folder: string): Promise<void> {
  if (existsSync(folder) && (await fs.readdir(folder)).length > 0)
    throw new BackupError(`${folder} is not empty: restore into a new DATA_DIR.`);
  await fs.mkdir(dataDir, { recursive: true });
  await withFolderLock(dataDir, async () => {
    await fs.mkdir(folder, { recursive: true, mode: 0o700 });
    // PGlite's dumpDataDir archives name their entries from the root (/base/1/...): tar strips it.
    await tar.extract({ file, cwd: folder });
    await giveToDatabaseUser(folder);
  });
}

/** A backup or restore refused, with a sentence for the operator. */
export class BackupError extends Error {
  override name = 'BackupError';
}

// The lock the server takes (src/db/open-database.ts): a running server makes this fail.
async function withFolderLock(dataDir: string, fn: () => Promise<void>): Promise<void> {
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, folderLockOptions(dataDir));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED')
      throw new BackupError(
        `A Jamiya server is using the database in ${dataDir}. Stop it first: an embedded ` +
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
