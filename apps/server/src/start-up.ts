import type { Config } from './config.ts';
import { openDatabase } from './db/open-database.ts';
import type { Database } from './db/client.ts';
import { seedDemo } from './features/demo/seed.ts';
import { createDiskStorage, type FileStorage } from './features/files/file-storage.ts';
import { sweepOrphanUploads } from './features/files/files.ts';

// On PostgreSQL other processes may be between writing an upload and committing its row;
// no request lasts this long.
const UPLOAD_SWEEP_GRACE_MS = 60 * 60_000;

export interface StartedDatabase {
  database: Database;
  storage: FileStorage;
  /** Uploads without a record removed at start (left by a crash). */
  swept: number;
  /** True when this process made the demo data. */
  seeded: boolean;
}

/** What a process does before it serves: the database opened and migrated, the demo data. */
export async function startUp(config: Config): Promise<StartedDatabase> {
  const database = await openDatabase(config);
  try {
    const storage = createDiskStorage(config.uploadsDir);
    // PGlite's folder lock makes this the only process: every unreferenced upload is an orphan.
    const swept = await sweepOrphanUploads(
      database.db,
      storage,
      new Date(Date.now() - (database.kind === 'pglite' ? 0 : UPLOAD_SWEEP_GRACE_MS)),
    );
    // Another process may be seeding the same empty database: the second finds it done.
    const seeded = config.demoSeed
      ? await database.exclusively(() => seedDemo(database.db, storage))
      : false;
    return { database, storage, swept, seeded };
  } catch (err) {
    await database.close();
    throw err;
  }
}
