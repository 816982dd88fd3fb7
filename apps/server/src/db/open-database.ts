import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import type { Config } from '../config.ts';
import { openPostgres, type Database } from './client.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { moveFromPglite } from './from-pglite.ts';

export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
}

/**
 * The embedded database is one server process per DATA_DIR: a second would start a second
 * PostgreSQL on the same folder. The lock is refreshed every few seconds, so a crashed holder's
 * lock goes stale and a restart after a crash waits a few seconds at most. The backup takes the
 * same lock (cli/backup-folder.ts).
 */
export const FOLDER_LOCK = '.jamiya.lock';
export const folderLockOptions = (folder: string) => ({
  lockfilePath: path.join(folder, FOLDER_LOCK),
  stale: 6_000,
  update: 2_000,
});

/** The embedded PostgreSQL's folder, and PGlite's before it (decision 054). */
export const embeddedFolder = (dataDir: string) => path.join(dataDir, 'postgres');
export const pgliteFolder = (dataDir: string) => path.join(dataDir, 'pglite');

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

export interface OpenOptions {
  /** PostgreSQL's own log lines (the embedded database). */
  log?: (line: string) => void;
}

export async function openDatabase(config: Config, options: OpenOptions = {}): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.databasePoolSize);
  await fs.mkdir(config.dataDir, { recursive: true });
  const release = await lockFolder(config.dataDir);
  let stopPostgres: (() => Promise<void>) | undefined;
  try {
    const folder = embeddedFolder(config.dataDir);
    const pglite = pgliteFolder(config.dataDir);
    if (!existsSync(path.join(folder, 'PG_VERSION')) && existsSync(path.join(pglite, 'PG_VERSION')))
      await moveFromPglite(pglite, folder, options.log);
    const embedded = await startEmbeddedPostgres(folder, options.log);
    stopPostgres = embedded.stop;
    const database = await openPostgres(embedded.url, config.databasePoolSize);
    return {
      ...database,
      kind: 'embedded',
      // The folder's lock makes this the only process: nobody to wait for.
      exclusively: (fn) => fn(),
      close: async () => {
        await database.close();
        await embedded.stop();
        await release();
      },
    };
  } catch (err) {
    await stopPostgres?.();
    await release();
    throw err;
  }
}
