// A run of own-books-property.test.ts (see model.ts): a fresh app, and a member's receipt.
import { sql } from 'drizzle-orm';
import { addDaysToDate, localDate, periodOf } from '../../../src/lib/calendar.ts';
import { createTestApp, multipart, rowsOf, type TestApp } from '../../harness.ts';
import { signedInAdmin } from '../../signed-in.ts';
import { adminCalls } from '../own-books.ts';
import { onePagePdf } from '../uploads.ts';
import { bankEntries, type EntrySpec, type Step } from './generators.ts';
import type { Model } from './model.ts';
import { booksBeside } from './reconciliation.ts';

/** A run: its app, its one admin, the members, the days and the model. */
export interface Run {
  t: TestApp;
  admin: ReturnType<typeof adminCalls>;
  token: string;
  /** Signed in when they first send a receipt (a sign-in hashes: it takes time). */
  members: Array<{ id: number; email: string; token?: string }>;
  days: string[];
  period: string;
  /** The entry that funded the cash, before the first day: not the treasurer's to correct. */
  fundEntry: number;
  m: Model;
  receipts: number;
}

/** A fresh app with cash funded ten days ago, an admin and three members, and the bank's pool. */
export async function startRun(spec: EntrySpec[]): Promise<Run> {
  const t = await createTestApp({ uploadsPerHour: 100_000 });
  const today = localDate(new Date());
  const days = [3, 2, 1, 0].map((n) => addDaysToDate(today, -n));
  const period = periodOf(today);
  const { token } = await signedInAdmin(t, 'Treasurer', { isMember: false });
  await t.fundCash(1_000_000, new Date(Date.now() - 10 * 86_400_000));
  const [fund] = await rowsOf<{ id: number }>(
    t.db,
    sql`select max(id)::int as id from journal_entries`,
  );
  const members = [];
  for (const name of ['Amina Khalil', 'Omar Farouk', 'Salim Nasser']) {
    const u = await t.makeUser({ name, joinedOn: `${period}-01` });
    members.push({ id: u.id, uniqueId: u.uniqueId, email: u.email });
  }
  const b0 = (await booksBeside(t.db, days[0]!, days[0]!)).beforeFils;
  const m: Model = { b0, pool: bankEntries(spec, days, members), statements: [], doubled: false };
  const admins = adminCalls(t.app, token);
  return { t, admin: admins, token, members, days, period, fundEntry: fund!.id, m, receipts: 0 };
}

/**
 * A member's receipt for this month's due: dated a day of the account or not, with the bank's
 * reference of their line or without.
 */
export async function receiptForm(r: Run, s: Step & { kind: 'receipt' }) {
  const fields = {
    payment_amount: '200',
    month: r.period,
    account_number: '1',
    transfer_date: s.day === null ? undefined : r.days[s.day],
    bank_reference: s.withRef ? r.m.pool.find((e) => e.who === `dues${s.member}`)!.ref : undefined,
  };
  const data = await onePagePdf({ text: `Receipt ${++r.receipts}` });
  return multipart(fields, { photo: { filename: 'r.pdf', contentType: 'application/pdf', data } });
}
