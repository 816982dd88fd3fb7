// Each run's app: the association's rules, two admins, the members and their months paid before the run.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { expect } from 'vitest';
import { settings } from '../../src/db/schema/settings.ts';
import { users } from '../../src/db/schema/users.ts';
import { bearer, multipart, type TestApp } from '../harness.ts';
import { monthName, periodAgo } from '../calendar.ts';
import { receipt } from './calls.ts';
import { aed, monthOf } from './helpers.ts';
import {
  DUE,
  DUE_DAY,
  FINES_SINCE,
  GRACE_DAYS,
  MEMBERS,
  SAVINGS_MULTIPLE,
  type AdminModel,
  type FineRule,
  type MemberModel,
  type Model,
  type Real,
} from './model.ts';
import { newOwnBooks } from './own-books/model.ts';

/**
 * A month of dues member i paid before the run, through the API: the receipt sent, the
 * treasurer approves it. Their savings before they borrow.
 */
async function paidMonth(model: Model, real: Real, i: number, period: string): Promise<void> {
  const m = model.members[i]!;
  const { payload, headers } = multipart(
    { payment_amount: aed(DUE), month: monthName(period), account_number: '123' },
    { photo: { filename: 'r.jpg', contentType: 'image/jpeg', data: receipt } },
  );
  const sent = await real.t.app.inject({
    method: 'POST',
    url: '/api/save-monthly-payment',
    payload,
    headers: { ...headers, ...bearer(m.token) },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const id = sent.json().payment.id as number;
  const approved = await real.t.app.inject({
    method: 'POST',
    url: `/api/admin/payments/${id}/approve`,
    headers: { ...bearer(real.adminTokens[0]), 'idempotency-key': randomUUID() },
  });
  expect(approved.statusCode, approved.body).toBe(200);
  m.savingsFils += DUE;
  model.cashFils += DUE;
  // Not among the run's payments: approving or rejecting it again (409) is drawn often enough.
  m.months.set(period, { ...monthOf(m, period), paidFils: DUE });
}

/** A run's model, and its app fresh from `createTestApp` set up for it (money-model.test.ts's `setup`). */
export async function setUpRun(
  t: TestApp,
  savedMonths: number[],
  fineRule: FineRule,
): Promise<{ model: Model; real: Real }> {
  // The loan rules on, in a form every member meets but for their savings.
  await t.db.update(settings).set({
    minMembershipMonths: 0,
    maxMonthsInArrears: 24,
    savingsMultiple: SAVINGS_MULTIPLE,
    // A new association's: a write-off bars its borrower for a year.
    writeOffBarMonths: 12,
    dueDay: DUE_DAY,
    graceDays: GRACE_DAYS,
    finesSince: FINES_SINCE,
    // The association's year starts this month: the year before ends last month, which the
    // own books lock and close (own-books/steps-year.ts).
    yearStartsMonth: Number(periodAgo(0).slice(5, 7)),
    ...fineRule,
  });
  const treasurer = await t.makeUser({ role: 'admin' });
  const chair = await t.makeUser({ role: 'admin' });
  const adminTokens: [string, string] = [
    await t.login(treasurer.email),
    await t.login(chair.email),
  ];
  const members: MemberModel[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    // In Jamiya since the day they joined: every month since may be fined. The last joined
    // mid-month, after its due day, three months ago: that month is owed, not fined.
    const joinedOn = i === MEMBERS - 1 ? `${periodAgo(3)}-20` : `${periodAgo(12)}-01`;
    const user = await t.makeUser({
      joinedOn,
      createdAt: new Date(`${joinedOn}T00:00:00+04:00`),
    });
    members.push({
      joined: joinedOn.slice(0, 7),
      joinedOn,
      userId: user.id,
      memberId: user.uniqueId,
      email: user.email,
      linkProposal: null,
      token: await t.login(user.email),
      savingsFils: 0,
      months: new Map(),
      loans: [],
      exit: null,
    });
  }
  // Cash for one or two payouts: later ones wait for dues and repayments, or are refused.
  const startingCash = 150_000;
  const funder = await t.fundCash(startingCash);
  // The fund's member is no part of the model: the dues job leaves an inactive one alone.
  await t.db.update(users).set({ status: 0 }).where(eq(users.id, funder.id));
  const model: Model = {
    members,
    payments: [],
    guarantees: [],
    cashFils: startingCash,
    lossesFils: 0,
    books: newOwnBooks(),
    // The fixed fine, or the percentage of the due rounded half up.
    fineFils:
      fineRule.finePercent === null
        ? fineRule.fineFils
        : Math.floor((DUE * fineRule.finePercent + 50) / 100),
    admins: [treasurer, chair].map((u) => ({
      userId: u.id,
      email: u.email,
      active: true,
      statusProposal: null,
    })) as [AdminModel, AdminModel],
    alone: { money: 0, statuses: 0, links: 0, waivers: 0 },
    last: null,
  };
  const real = { t, adminTokens };
  for (const [i, months] of savedMonths.entries())
    for (let n = 0; n < months; n++)
      if (periodAgo(11 - n) >= members[i]!.joined)
        await paidMonth(model, real, i, periodAgo(11 - n));
  return { model, real };
}

export async function closeApp(t: TestApp): Promise<void> {
  // The harness drops the database WITH (FORCE) while the pool's connections close.
  const pool = (t.db as unknown as { $client: pg.Pool }).$client;
  pool.removeAllListeners('error');
  pool.on('error', () => {});
  await t.close();
}
