// Issue 25: several app processes over one PostgreSQL. A deploy starts them at once, so their
// start-up steps (the migrations, the demo data on an empty database) must not race.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrationsFolder } from '../src/db/client.ts';
import { users } from '../src/db/schema/users.ts';
import { DEMO_ACCOUNTS } from '../src/features/demo/seed.ts';
import { startUp } from '../src/start-up.ts';
import { dubaiPeriod, monthName } from './calendar.ts';
import {
  bearer,
  expectBooksBalance,
  login,
  multipart,
  postForm,
  TEST_CONFIG,
} from './harness.ts';
import { scratchPostgres } from './scratch-postgres.ts';

describe('several processes over one PostgreSQL', () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const folders: string[] = [];

  const drops: (() => Promise<void>)[] = [];
  async function scratchDatabase(): Promise<string> {
    const scratch = await scratchPostgres(adminUrl, 'jamiya_procs');
    drops.push(scratch.drop);
    return scratch.url;
  }

  async function processConfig(url: string, env: NodeJS.ProcessEnv = {}) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jamiya-proc-'));
    folders.push(dataDir);
    return loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir, DEMO_SEED: '1', ...env });
  }

  afterAll(async () => {
    for (const drop of drops) await drop();
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
        await fs.readFile(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      expect(rows[0].n).toBe(journal.entries.length);
    } finally {
      for (const u of up) await u.database.close();
    }
  });

  it('opens at most DATABASE_POOL_SIZE connections, however many queries wait', async () => {
    const url = await scratchDatabase();
    const { database } = await startUp(
      await processConfig(url, { DATABASE_POOL_SIZE: '3', DEMO_SEED: '0' }),
    );
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

  it('serves from one process a receipt sent to the other, each with a data folder of its own', async () => {
    const url = await scratchDatabase();
    const first = await startUp(await processConfig(url));
    const second = await startUp(await processConfig(url, { DEMO_SEED: '0' }));
    const apps = await Promise.all(
      [first, second].map((p) => buildApp(TEST_CONFIG, { db: p.database.db, storage: p.storage })),
    );
    try {
      const member = await login(apps[0]!, 'rahul@jamiya.example');
      const receipt = await sharp({
        create: { width: 60, height: 40, channels: 3, background: '#408020' },
      })
        .png()
        .toBuffer();
      const form = multipart(
        { payment_amount: '200', month: monthName(dubaiPeriod()), account_number: 'AE07' },
        { photo: { filename: 'receipt.png', contentType: 'image/png', data: receipt } },
      );
      const sent = await postForm(apps[0]!, '/api/save-monthly-payment', member, form);
      expect(sent.statusCode, sent.body).toBe(200);
      const receiptUrl = sent.json().payment.receipt_url as string;

      const here = await apps[0]!.inject({ url: receiptUrl, headers: bearer(member) });
      const there = await apps[1]!.inject({ url: receiptUrl, headers: bearer(member) });

      expect(there.statusCode).toBe(200);
      expect(there.headers['content-type']).toBe('image/png');
      expect(there.rawPayload.equals(here.rawPayload)).toBe(true);
    } finally {
      for (const app of apps) await app.close();
      await first.database.close();
      await second.database.close();
    }
  });
});
