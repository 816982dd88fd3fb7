// Issue 25: several app processes over one PostgreSQL. A deploy starts them at once, so their
// start-up steps (the migrations, the demo data on an empty database) must not race.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { users } from '../src/db/schema/users.ts';
import { DEMO_ACCOUNTS } from '../src/features/demo/seed.ts';
import { startUp } from '../src/start-up.ts';
import { expectBooksBalance, onPostgres } from './harness.ts';

describe.skipIf(!onPostgres)('several processes over one PostgreSQL', () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const names: string[] = [];
  const folders: string[] = [];

  async function scratchDatabase(): Promise<string> {
    const name = `jamiya_procs_${randomBytes(5).toString('hex')}`;
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    names.push(name);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }

  async function processConfig(url: string, env: NodeJS.ProcessEnv = {}) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jamiya-proc-'));
    folders.push(dataDir);
    return loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir, DEMO_SEED: '1', ...env });
  }

  afterAll(async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    for (const name of names) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
    for (const f of folders) await fs.rm(f, { recursive: true, force: true });
  });

  it('start at once on an empty database: each starts, the migrations and the demo data are made once', async () => {
    const url = await scratchDatabase();
    const configs = await Promise.all([1, 2, 3].map(() => processConfig(url)));

    const started = await Promise.allSettled(configs.map((c) => startUp(c)));

    const reasons = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
    expect(reasons).toEqual([]);
    const up = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    try {
      expect(up.filter((u) => u.seeded)).toHaveLength(1);
      const db = up[0]!.database.db;
      const [people] = await db.select({ n: count() }).from(users);
      expect(people?.n).toBe(DEMO_ACCOUNTS.length);
      await expectBooksBalance(db);
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const { rows } = await c.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      await c.end();
      const journal = JSON.parse(
        await fs.readFile(path.resolve(__dirname, '../migrations/meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      expect(rows[0].n).toBe(journal.entries.length);
    } finally {
      for (const u of up) await u.database.close();
    }
  });

  it('opens at most DATABASE_POOL_SIZE connections, however many queries wait', async () => {
    const url = await scratchDatabase();
    const { database } = await startUp(await processConfig(url, { DATABASE_POOL_SIZE: '3' }));
    const watcher = new pg.Client({ connectionString: url });
    await watcher.connect();
    try {
      const name = new URL(url).pathname.slice(1);
      const busy = Promise.all(
        Array.from({ length: 12 }, () => database.db.execute(sql`select pg_sleep(0.3)`)),
      );
      await new Promise((r) => setTimeout(r, 150));
      const { rows } = await watcher.query(
        `select count(*)::int as n from pg_stat_activity
          where datname = $1 and application_name = 'jamiya'`,
        [name],
      );
      expect(rows[0].n).toBe(3);
      await busy;
    } finally {
      await watcher.end();
      await database.close();
    }
  });
});
