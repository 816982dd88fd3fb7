import type { Config } from './config.ts';
import { openDatabase } from './db/open-database.ts';
import type { Database } from './db/client.ts';
import { seedDemo } from './features/demo/public.ts';
import {
  moveDiskUploads,
  type MovedUploads,
  databaseStorage,
  type FileStorage,
} from './features/files/public.ts';

// On PostgreSQL a process of the version before issue 25 may be between writing an upload on
// disk and committing its row; no request lasts this long.
const OLD_UPLOAD_GRACE_MS = 60 * 60_000;

export interface StartedDatabase {
  database: Database;
  storage: FileStorage;
  /** What moved from DATA_DIR/uploads into the database (decision 032). */
  uploads: MovedUploads;
  /** True when this process made the demo data. */
  seeded: boolean;
}

/**
 * What a process does before it serves: the database opened and migrated, the uploads left on
 * disk moved in, the demo data.
 */
export async function startUp(config: Config): Promise<StartedDatabase> {
  // The embedded PostgreSQL's own log: only what stops it is worth the operator's eye.
  const database = await openDatabase(config, {
    log: (line) => {
      if (/\b(FATAL|PANIC):/.test(line)) console.error(`PostgreSQL: ${line}`);
    },
  });
  try {
    const storage = databaseStorage;
    // The embedded database's folder lock makes this the only process: every unreferenced upload
    // is an orphan.
    // Processes sharing one uploads folder (the old way to run several) move it one at a time.
    const orphansBefore = new Date(
      Date.now() - (database.kind === 'postgres' ? OLD_UPLOAD_GRACE_MS : 0),
    );
    const uploads = await database.exclusively(() =>
      moveDiskUploads(database.db, config.uploadsDir, orphansBefore),
    );
    // Another process may be seeding the same empty database: the second finds it done.
    const seeded = config.demoSeed
      ? await database.exclusively(() => seedDemo(database.db, storage))
      : false;
    return { database, storage, uploads, seeded };
  } catch (err) {
    await database.close();
    throw err;
  }
}
