// npm run bench:job -- [--members 5000] [--pglite | --pg [--pg-url URL]]
//
// Issue 51, points 1 and 2: the dues calendar's day for a large association, and everyone else
// beside it. --members members join on the 1st of next month with dues on the 10th (reminded 3
// days before, fined from the 16th); the job runs on the 7th (every member reminded), on the
// 16th (every member fined) and once more on the 16th (nothing left to do). During each, a
// member's /api/my-account-data and /api/health are asked every 5 ms in this process, so a
// stop of the event loop shows. On the embedded PostgreSQL (default), PGlite (--pglite, the
// default before decision 054) or a scratch database of a PostgreSQL server (--pg).
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { settings } from '../apps/server/src/db/schema/settings.ts';
import { duesCalendarRun } from '../apps/server/src/features/payments/dues-job.ts';
import { scheduledDuesCalendar } from '../apps/server/src/features/payments/dues-inbox.ts';
import { createUser } from '../apps/server/src/features/users/create-user.ts';
import { createMembersWithoutPassword } from '../apps/server/src/features/users/public.ts';
import {
  addMonthsToPeriod,
  localDate,
  periodOf,
  startOfDay,
} from '../apps/server/src/lib/calendar.ts';
import { withBenchApp } from './bench-support.ts';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '5000' },
    pg: { type: 'boolean', default: false },
    pglite: { type: 'boolean', default: false },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const MEMBERS = Number(args.members);
const period = addMonthsToPeriod(periodOf(localDate(new Date())), 1);
const joinedOn = `${period}-01`;
const dubai = (day: string) => new Date(startOfDay(day).getTime() + 10 * 3_600_000);

async function beside(
  app: FastifyInstance,
  member: Record<string, string>,
  work: () => Promise<unknown>,
) {
  const health: number[] = [];
  const account: number[] = [];
  let going = true;
  const probe = async (url: string, headers: Record<string, string>, into: number[]) => {
    while (going) {
      const at = performance.now();
      const res = await app.inject({ url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
      into.push(performance.now() - at);
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  const probes = [probe('/api/health', {}, health), probe('/api/my-account-data', member, account)];
  const started = performance.now();
  const result = await work().finally(() => (going = false));
  const ms = performance.now() - started;
  await Promise.all(probes);
  const q = (xs: number[], p: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!.toFixed(0);
  const cells = (xs: number[]) => `${q(xs, 0.5)} / ${q(xs, 0.99)} / ${q(xs, 1)} ms`;
  return { result, ms, cells: `${cells(health)} | ${cells(account)}` };
}

await withBenchApp(
  { pg: args.pg!, pglite: args.pglite, pgUrl: args['pg-url']!, joinedOn },
  async ({ database, app }) => {
    await database.db
      .update(settings)
      .set({
        dueDay: 10,
        reminderDaysBefore: 3,
        graceDays: 5,
        fineFils: 1_000,
        finesSince: joinedOn,
      })
      .where(eq(settings.id, 1));
    await createMembersWithoutPassword(
      database.db,
      Array.from({ length: MEMBERS }, (_, n) => ({
        name: `Member ${n}`,
        email: `job${n}@bench.example`,
        mobile: null,
        nationalId: null,
        language: 'en' as const,
        joinedOn,
        createdAt: startOfDay(joinedOn),
      })),
    );
    await createUser(database.db, {
      name: 'Probing Member',
      email: 'probe@bench.example',
      password: 'bench-password-1',
      joinedOn,
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'probe@bench.example', password: 'bench-password-1' },
    });
    const member = { authorization: `Bearer ${login.json().access_token}` };
    console.log(`${database.kind}: ${MEMBERS} members; ${new Date().toISOString()}`);
    console.log(
      '| pass | done | took | health p50 / p99 / max | my-account-data p50 / p99 / max |',
    );
    console.log('| --- | --- | --- | --- | --- |');
    for (const [name, day] of [
      ['reminder day', `${period}-07`],
      ['fine day', `${period}-16`],
      ['nothing left to do', `${period}-16`],
    ] as const) {
      const run = await beside(app, member, () => duesCalendarRun(database.db, dubai(day)));
      console.log(
        `| ${name} | ${JSON.stringify(run.result)} | ${(run.ms / 1000).toFixed(2)} s | ${run.cells} |`,
      );
    }
    // The job as it runs each minute: its first minute of the day passes over everyone, the
    // next ones only empty the inbox.
    const minute = scheduledDuesCalendar();
    await minute(database.db, dubai(`${period}-16`));
    const quiet = await beside(app, member, () => minute(database.db, dubai(`${period}-16`)));
    console.log(
      `| a quiet minute | ${quiet.result} | ${quiet.ms.toFixed(1)} ms | ${quiet.cells} |`,
    );
  },
);
