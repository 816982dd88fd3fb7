import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanInstallments, loans } from '../src/db/schema/loans.ts';
import { payments } from '../src/db/schema/payments.ts';
import { users } from '../src/db/schema/users.ts';
import { postEntry } from '../src/features/ledger/ledger.ts';
import { applyForLoan } from '../src/features/loans/apply.ts';
import { applyRepayment } from '../src/features/loans/repayment.ts';
import { approveLoan } from '../src/features/loans/decisions.ts';
import { disburseLoan } from '../src/features/loans/disburse.ts';
import type { Actor } from '../src/lib/actor.ts';
import {
  freshDatabase,
  fundCash,
  loanApplication,
  makeUser,
  type TestDatabase,
} from './harness.ts';

// users.account_version goes up with every change to what GET /api/my-account-data sums
// (migration 0009): the route keeps its answer while the number stays the same, so a change
// that raised no number would show a stale balance. Each case writes as plainly as it can, so
// that the trigger, not the app's code, is what is tested.

describe('account_version (migration 0009)', () => {
  let testDb: TestDatabase;
  const db = () => testDb.database.db;
  let admin: Actor;

  beforeAll(async () => {
    testDb = await freshDatabase();
    // Cash for the loans this file pays out (cash never goes below zero).
    await fundCash(db(), 10_000_000);
    const a = await makeUser(db(), { role: 'admin' });
    admin = { id: a.id, role: 'admin' };
  });
  afterAll(() => testDb.destroy());

  async function versions(...ids: number[]): Promise<number[]> {
    const rows = await db()
      .select({ id: users.id, v: users.accountVersion })
      .from(users)
      .where(inArray(users.id, ids));
    return ids.map((id) => rows.find((r) => r.id === id)!.v);
  }

  /** The versions of `member` and of a bystander before and after `change`. */
  async function raises(change: (memberId: number) => Promise<unknown>) {
    const member = await makeUser(db(), { joinedOn: '2026-01-01' });
    const bystander = await makeUser(db(), { joinedOn: '2026-01-01' });
    const [before, other] = await versions(member.id, bystander.id);
    await change(member.id);
    const [after, otherAfter] = await versions(member.id, bystander.id);
    expect(after, 'the member').toBeGreaterThan(before!);
    expect(otherAfter, 'another member').toBe(other);
  }

  async function insertPayment(userId: number): Promise<number> {
    const [row] = await db()
      .insert(payments)
      .values({
        userId,
        kind: 'dues',
        period: '2026-02',
        amountFils: 20_000,
        accountNumber: '1234',
        status: 'pending',
      })
      .returning({ id: payments.id });
    return row!.id;
  }

  const application = loanApplication();
  const at = new Date('2026-02-13T08:00:00Z');

  it('starts at 0 for a new member', async () => {
    const member = await makeUser(db());
    expect(await versions(member.id)).toEqual([0]);
  });

  it('goes up when a payment is made, changed or removed', async () => {
    await raises((userId) => insertPayment(userId));
    let id = 0;
    await raises(async (userId) => {
      id = await insertPayment(userId);
      const [v] = await versions(userId);
      await db().update(payments).set({ status: 'rejected' }).where(eq(payments.id, id));
      expect((await versions(userId))[0]).toBeGreaterThan(v!);
    });
    await raises(async (userId) => {
      id = await insertPayment(userId);
      const [v] = await versions(userId);
      await db().delete(payments).where(eq(payments.id, id));
      expect((await versions(userId))[0]).toBeGreaterThan(v!);
    });
  });

  it('goes up when a posting reaches the savings account', async () => {
    await raises((userId) =>
      postEntry(db(), {
        kind: 'dues',
        memo: 'test',
        occurredAt: at,
        createdBy: null,
        lines: [
          { account: { code: 'cash' }, amountFils: 20_000 },
          { account: { code: 'savings', userId }, amountFils: -20_000 },
        ],
      }),
    );
  });

  it('goes up at each step of a loan: application, approval, disbursement, repayment', async () => {
    let loanId = 0;
    await raises(async (userId) => {
      loanId = (await applyForLoan(db(), userId, application, at)).id;
      for (const step of [
        () => approveLoan(db(), loanId, admin, at),
        () => disburseLoan(db(), loanId, admin, at),
        () =>
          db().transaction((tx) =>
            applyRepayment(tx, { loanId, amountFils: 10_000, actor: admin, now: at }),
          ),
      ]) {
        const [v] = await versions(userId);
        await step();
        expect((await versions(userId))[0]).toBeGreaterThan(v!);
      }
    });
  });

  it('goes up when an installment changes, however it is written', async () => {
    await raises(async (userId) => {
      const loan = await applyForLoan(db(), userId, application, at);
      await approveLoan(db(), loan.id, admin, at);
      await disburseLoan(db(), loan.id, admin, at);
      const [v] = await versions(userId);
      await db()
        .update(loanInstallments)
        .set({ paidAt: at })
        .where(eq(loanInstallments.loanId, loan.id));
      expect((await versions(userId))[0]).toBeGreaterThan(v!);
      const [w] = await versions(userId);
      await db().update(loans).set({ state: 'written_off' }).where(eq(loans.id, loan.id));
      expect((await versions(userId))[0]).toBeGreaterThan(w!);
    });
  });

  it('raises each member once for a statement that writes many of their rows', async () => {
    const a = await makeUser(db());
    const b = await makeUser(db());
    const [va, vb] = await versions(a.id, b.id);
    await db()
      .execute(sql`insert into payments (user_id, kind, period, amount_fils, account_number, status)
      values (${a.id}, 'dues', '2026-01', 20000, '1', 'pending'),
             (${a.id}, 'dues', '2026-02', 20000, '1', 'pending'),
             (${b.id}, 'dues', '2026-01', 20000, '1', 'pending')`);
    expect(await versions(a.id, b.id)).toEqual([va! + 1, vb! + 1]);
  });

  it('raises each member once for an update, and both members when a row changes hands (0042)', async () => {
    const a = await makeUser(db());
    const b = await makeUser(db());
    const id = await insertPayment(a.id);
    const [va, vb] = await versions(a.id, b.id);
    await db().update(payments).set({ status: 'rejected' }).where(eq(payments.id, id));
    expect(await versions(a.id, b.id)).toEqual([va! + 1, vb]);
    await db().update(payments).set({ userId: b.id }).where(eq(payments.id, id));
    expect(await versions(a.id, b.id)).toEqual([va! + 2, vb! + 1]);
  });
});
