import fs from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import type { Config } from '../config.ts';
import { openPglite, openPostgres, type Database } from './client.ts';

export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
}

/**
 * PGlite is one process per data folder: a second process opening it would corrupt it.
 * The lock is refreshed every few seconds, so a crashed holder's lock goes stale and a
 * restart after a crash waits a few seconds at most. The backup takes the same lock
 * (cli/backup-pglite.ts).
 */
export const FOLDER_LOCK = '.jamiya.lock';
export const folderLockOptions = (folder: string) => ({
  lockfilePath: path.join(folder, FOLDER_LOCK),
  stale: 6_000,
  update: 2_000,
});

async function lockFolder(folder: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(folder, {
      ...folderLockOptions(folder),
      retries: { retries: 5, factor: 1, minTimeout: 1_500, maxTimeout: 1_500 },
      onCompromised: (err) => {
        // Another process took the folder: stop rather than write to a shared database.
        console.error(`The database lock was lost (${err.message}); stopping.`);
        process.exit(1);
      },
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new DatabaseLockedError(
        `Another Jamiya process is using the database in ${folder}. Stop it first, ` +
          'or start this one with another DATA_DIR.',
      );
    }
    throw err;
  }
}

export async function openDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.databasePoolSize);
  const folder = path.join(config.dataDir, 'pglite');
  await fs.mkdir(folder, { recursive: true });
  const release = await lockFolder(folder);
  try {
    const database = await openPglite(folder);
    return {
      ...database,
      close: async () => {
        await database.close();
        await release();
      },
    };
  } catch (err) {
    await release();
    throw err;
  }
}
