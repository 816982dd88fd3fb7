// What the bench scripts of the treasurer's bulk work share (bench-import.ts, bench-bank.ts,
// bench-job.ts): a fresh database (the embedded PostgreSQL, as npm start runs it; PGlite in this
// process with `pglite`, the default before decision 054; a scratch database of a PostgreSQL
// server with --pg), the app as
// `npm start` configures it (quiet, mail only to the log), a treasurer signed in, and a
// multipart body with one file.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPglite, openPostgres, type Database } from '../apps/server/src/db/client.ts';
import { openDatabase } from '../apps/server/src/db/open-database.ts';
import { databaseStorage } from '../apps/server/src/features/files/file-storage.ts';
import { createUser } from '../apps/server/src/features/users/create-user.ts';
import { scratchPostgres } from '../apps/server/test/scratch-postgres.ts';

export interface BenchApp {
  database: Database;
  app: FastifyInstance;
  /** The treasurer's authorization header. */
  auth: Record<string, string>;
}

/** Runs `work` against a fresh database and app, and cleans both up whatever happens. */
export async function withBenchApp(
  options: { pg: boolean; pglite?: boolean; pgUrl: string; joinedOn: string },
  work: (bench: BenchApp) => Promise<void>,
): Promise<void> {
  let database: Database;
  let cleanUp: () => Promise<void>;
  if (options.pg) {
    const scratch = await scratchPostgres(options.pgUrl, 'jamiya_bench');
    database = await openPostgres(scratch.url);
    cleanUp = async () => {
      await database.close();
      await scratch.drop();
    };
  } else {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'jamiya-bench-'));
    await fs.chmod(dir, 0o755); // run as root, PostgreSQL runs as a user that must pass through
    database = options.pglite
      ? await openPglite(dir)
      : await openDatabase(loadConfig({ DATA_DIR: dir }));
    cleanUp = async () => {
      await database.close();
      await fs.rm(dir, { recursive: true, force: true });
    };
  }
  try {
    await createUser(database.db, {
      name: 'Treasurer',
      email: 'treasurer@bench.example',
      password: 'bench-password-1',
      role: 'admin',
      joinedOn: options.joinedOn,
    });
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent' }), {
      db: database.db,
      storage: databaseStorage,
      mailer: { delivers: false, async send() {} },
    });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'treasurer@bench.example', password: 'bench-password-1' },
    });
    if (login.statusCode !== 200) throw new Error(`sign-in: ${login.body}`);
    try {
      await work({ database, app, auth: { authorization: `Bearer ${login.json().access_token}` } });
    } finally {
      await app.close();
    }
  } finally {
    await cleanUp();
  }
}

/** A multipart body of `fields` and one `file`, with the treasurer's `auth`. */
export function multipartForm(
  fields: Record<string, string>,
  file: { name: string; type: string; data: Buffer },
  auth: Record<string, string>,
) {
  const boundary = '----jamiyabench';
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return {
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        Object.entries(fields)
          .map(([name, value]) => field(name, value))
          .join('') +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}
