// The books in a test: cash to pay a loan out from, and the check that they balance.
import type { Db } from '../../src/db/client.ts';
import { payments } from '../../src/db/schema/payments.ts';
import { postEntry } from '../../src/features/ledger/ledger.ts';
import { trialBalance, unbalancedEntries } from '../../src/features/ledger/balances.ts';
import { ledgerConsistencyProblems } from '../support/consistency.ts';
import type { User } from '../../src/features/users/user-data.ts';
import { localDate } from '../../src/lib/calendar.ts';
import type { FastifyInstance } from 'fastify';
import type { NewUser } from '../../src/features/users/create-user.ts';
import { periodAgo } from '../calendar.ts';
import { login, makeUser } from './people.ts';

/**
 * Cash in the books for a test that pays a loan out (cash never goes below zero): one month of
 * dues of `fils` from a member made for it, approved, as if they had paid it that month. The
 * rows are written here rather than through submitDues, whose monthly due caps the amount.
 */
export async function fundCash(db: Db, fils: number, at = new Date()): Promise<User> {
  const period = localDate(at).slice(0, 7);
  const funder = await makeUser(db, { name: 'Fund member', joinedOn: `${period}-01` });
  await paidDues(db, funder.id, [period], fils, at);
  return funder;
}

/** The books balance: every entry sums to zero and total debits equal total credits. */
export async function expectBooksBalance(db: Db): Promise<void> {
  const unbalanced = await unbalancedEntries(db);
  if (unbalanced.length) throw new Error(`unbalanced journal entries: ${unbalanced.join(', ')}`);
  const tb = await trialBalance(db);
  if (!tb.balanced || tb.totalDebitsFils !== tb.totalCreditsFils) {
    throw new Error(
      `trial balance off: debits ${tb.totalDebitsFils}, credits ${tb.totalCreditsFils}`,
    );
  }
  const problems = await ledgerConsistencyProblems(db);
  if (problems.length) throw new Error(`ledger and tables disagree:\n${problems.join('\n')}`);
}

/**
 * A member's dues of `periods` approved and in their savings, `fils` each (the monthly due of
 * the tests, AED 200, unless changed), as if they had paid them: savings to borrow on.
 */
export async function paidDues(
  db: Db,
  userId: number,
  periods: string[],
  fils = 20_000,
  at = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const period of periods) {
      const [payment] = await tx
        .insert(payments)
        .values({
          userId,
          kind: 'dues',
          period,
          amountFils: fils,
          approvedAmountFils: fils,
          monthDueFils: fils,
          status: 'approved',
          reviewedAt: at,
          createdAt: at,
        })
        .returning();
      await postEntry(tx, {
        kind: 'dues',
        memo: `Dues of ${period}`,
        occurredAt: at,
        createdBy: null,
        paymentId: payment!.id,
        lines: [
          { account: { code: 'cash' }, amountFils: fils },
          { account: { code: 'savings', userId }, amountFils: -fils },
        ],
      });
    }
  });
}

/**
 * A member (an admin too, with `role: 'admin'` and `isMember: true`) who joined `monthsAgo`
 * months ago and paid the dues of the first `paid` of those months, AED 200 each unless `fils`
 * says otherwise: their savings. Signed in.
 */
export async function memberWhoPaid(
  t: { db: Db; app: FastifyInstance },
  monthsAgo: number,
  {
    paid = monthsAgo,
    fils = 20_000,
    ...user
  }: Partial<NewUser> & { paid?: number; fils?: number } = {},
): Promise<User & { token: string }> {
  const made = await makeUser(t.db, { joinedOn: `${periodAgo(monthsAgo)}-01`, ...user });
  if (paid > 0)
    await paidDues(
      t.db,
      made.id,
      Array.from({ length: paid }, (_, i) => periodAgo(monthsAgo - i)),
      fils,
    );
  return { ...made, token: await login(t.app, made.email) };
}

/** A receipt for `period`'s dues of `fils`, sent at `sentAt` and waiting for review. */
export async function receiptWaiting(
  db: Db,
  userId: number,
  period: string,
  sentAt: Date,
  fils = 20_000,
) {
  const [payment] = await db
    .insert(payments)
    .values({ userId, kind: 'dues', period, amountFils: fils, createdAt: sentAt })
    .returning();
  return payment!;
}
