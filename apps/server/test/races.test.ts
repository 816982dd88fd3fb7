import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anotherProcess,
  applyOverHttp,
  bearer,
  dubaiMonthStart,
  rowsOf,
  useTestApp,
} from './harness.ts';

// Issue 32, point 8: requests that race in two processes over one PostgreSQL never answer 500.
// The locks are taken in one order (a loan before its proposals), and a transaction that still
// meets a deadlock or a serialisation failure is run again (db/client.ts).

describe('races between two processes (PostgreSQL)', () => {
  const t = useTestApp();
  let other: Awaited<ReturnType<typeof anotherProcess>>;
  let treasurer: string;
  let chair: string;
  beforeAll(async () => {
    other = await anotherProcess(t);
    await t.fundCash(10_000_000);
    treasurer = await t.login((await t.makeUser({ role: 'admin' })).email);
    chair = await t.login((await t.makeUser({ role: 'admin', isMember: true })).email);
  });
  afterAll(() => other.close());

  it('a member withdrawing a loan while another process confirms its payout: one wins, the other is 409', async () => {
    const rounds = 20;
    const outcomes: string[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const member = await t.makeUser({ joinedOn: dubaiMonthStart() });
      const token = await t.login(member.email);
      const loanId = await applyOverHttp(t.app, token);
      const post = (app: typeof t.app, who: string, url: string) =>
        app.inject({ method: 'POST', url, headers: bearer(who), payload: {} });
      expect((await post(t.app, treasurer, `/api/admin/loans/${loanId}/approve`)).statusCode).toBe(
        200,
      );
      expect((await post(t.app, treasurer, `/api/admin/loans/${loanId}/disburse`)).statusCode).toBe(
        202,
      );

      const [withdrawn, confirmed] = await Promise.all([
        post(t.app, token, `/api/my-loans/${loanId}/withdraw`),
        post(other.app, chair, `/api/admin/loans/${loanId}/disburse`),
      ]);
      const pair = [withdrawn.statusCode, confirmed.statusCode].sort().join('+');
      outcomes.push(pair);
      expect(pair, `${withdrawn.body} / ${confirmed.body}`).toBe('200+409');
    }
    expect(outcomes).toHaveLength(rounds);
    await t.expectBooksBalance();
  });

  it('runs a transaction again that PostgreSQL chose as a deadlock victim, so both finish', async () => {
    await t.db.execute(sql`create table if not exists race_rows (id int primary key, n int)`);
    await t.db.execute(sql`insert into race_rows values (1, 0), (2, 0) on conflict do nothing`);
    // Two transactions lock the same two rows in opposite orders, each waiting for the other.
    const both = (first: number, second: number, db: typeof t.db) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`update race_rows set n = n + 1 where id = ${first}`);
        await tx.execute(sql`select pg_sleep(0.2)`);
        await tx.execute(sql`update race_rows set n = n + 1 where id = ${second}`);
      });
    await Promise.all([both(1, 2, t.db), both(2, 1, other.db)]);
    const rows = await rowsOf<{ n: number }>(t.db, sql`select n from race_rows order by id`);
    expect(rows.map((r) => Number(r.n))).toEqual([2, 2]);
  });
});
