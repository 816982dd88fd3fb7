import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { scratchPostgres } from '../../test/scratch-postgres.ts';
import { openPostgres } from './client.ts';

// Closing the app's database ends its connections before it resolves: the tests drop their
// database, and the embedded PostgreSQL is stopped, right after it, and a connection still
// closing then was ended by the server and printed "PostgreSQL connection lost" (issue 52).

const adminUrl = process.env.TEST_DATABASE_URL!;
let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
const admin = new pg.Client({ connectionString: adminUrl });
beforeAll(async () => {
  scratch = await scratchPostgres(adminUrl, 'jamiya_close', inject('templateDatabase'));
  await admin.connect();
});
afterAll(async () => {
  await admin.end();
  await scratch.drop();
});

it('has no connection left to lose once close() resolves', async () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.message);
  process.on('warning', onWarning);
  try {
    for (let round = 0; round < 5; round++) {
      const database = await openPostgres(scratch.url, 8);
      await Promise.all(
        Array.from({ length: 8 }, () => database.db.execute(sql`select pg_sleep(0.01)`)),
      );
      await database.close();
      // What DROP DATABASE … WITH (FORCE) and a fast shutdown do to the connections left.
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
        [scratch.name],
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    process.off('warning', onWarning);
  }
  expect(warnings).toEqual([]);
});
