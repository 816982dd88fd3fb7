import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { camt053, type BankEntry } from '../../../test/support/bank-files.ts';
import {
  applyOverHttp,
  bearer,
  multipart,
  postForm,
  useTestAppEach,
} from '../../../test/harness.ts';
import { bankLines } from '../../db/schema/bank.ts';
import { journalEntries } from '../../db/schema/ledger.ts';
import { addDaysToDate, localDate } from '../../lib/calendar.ts';
import { cashAtEndOf } from '../ledger/public.ts';

// Issue 37, point 7: the money the books pay out (loans disbursed) is found among the
// statement's debits as receipts are among its credits: the same amount within 7 days, the
// member's reference or name in the line's text. A cash repayment recorded by the treasurer
// is found among the credits the same way. What the bank holds no line for is listed as
// missing. (A share-out moves interest income to the members' savings, not cash: it has no
// bank line to find.)

// Each test starts from the same month on a database of its own (beforeEach below): what is
// linked, and the balances, are the whole association's.
const t = useTestAppEach();
const today = localDate(new Date());
const day = (n: number) => addDaysToDate(today, n);

let token = '';
type Member = { id: number; uniqueId: string; name: string; token: string };
async function member(name: string): Promise<Member> {
  const user = await t.makeUser({ name });
  return { id: user.id, uniqueId: user.uniqueId, name, token: await t.login(user.email) };
}

const get = (url: string) => t.app.inject({ url, headers: bearer(token) });
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

/** A loan applied for, approved and paid out through the API: its disbursement's entry. */
async function paidOut(m: Member, amount: string): Promise<{ loanId: number; entryId: number }> {
  const loanId = await applyOverHttp(t.app, m.token, { loan_amount: amount });
  for (const step of ['approve', 'disburse']) {
    const res = await post(`/api/admin/loans/${loanId}/${step}`, {});
    expect(res.statusCode, res.body).toBe(200);
  }
  const [entry] = await t.db
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(and(eq(journalEntries.loanId, loanId), eq(journalEntries.kind, 'disbursement')));
  return { loanId, entryId: entry!.id };
}

let rashid: Member;
let priya: Member;
let omar: Member;
let george: Member;
const entries: Record<string, number> = {};
const lineIds: Record<string, number> = {};
let statementId = 0;
let opening = 0;

beforeEach(async () => {
  const admin = await t.makeUser({ role: 'admin', name: 'Treasurer Fatima' });
  token = await t.login(admin.email);
  await t.fundCash(1_000_000, new Date(Date.now() - 40 * 86_400_000));
  opening = await cashAtEndOf(t.db, day(-10));
  rashid = await member('Rashid Khan');
  priya = await member('Priya Nair');
  omar = await member('Omar Haddad');
  george = await member('George Mathew');
  const rashidLoan = await paidOut(rashid, '1000');
  entries.rashid = rashidLoan.entryId;
  entries.priya = (await paidOut(priya, '1500')).entryId;
  // Paid out, and not in the bank.
  entries.george = (await paidOut(george, '500')).entryId;
  // A repayment the treasurer recorded from cash: money in, in the books before the bank.
  const repaid = await post(`/api/admin/loans/${rashidLoan.loanId}/repayments`, { amount: 100 });
  expect(repaid.statusCode, repaid.body).toBe(200);
  const [repayment] = await t.db
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(and(eq(journalEntries.loanId, rashidLoan.loanId), eq(journalEntries.kind, 'repayment')));
  entries.repayment = repayment!.id;

  const lines: Record<string, BankEntry> = {
    rashid: {
      day: today,
      amountFils: -100_000,
      ref: 'PO-1001',
      text: `Loan payout ${rashid.uniqueId}`,
      party: 'RASHID KHAN',
    },
    // The name alone, as the bank writes the beneficiary.
    priya: {
      day: day(-1),
      amountFils: -150_000,
      ref: 'PO-1002',
      text: 'Outward transfer',
      party: 'Priya Nair',
    },
    repayment: {
      day: today,
      amountFils: 10_000,
      ref: 'CD-1003',
      text: `Cash deposit ${rashid.uniqueId}`,
    },
    // Near misses: the amount, the member, the day.
    wrongAmount: {
      day: today,
      amountFils: -99_900,
      ref: 'PO-1004',
      text: `Loan payout ${rashid.uniqueId}`,
    },
    wrongMember: {
      day: today,
      amountFils: -100_000,
      ref: 'PO-1005',
      text: `Loan payout ${omar.uniqueId}`,
      party: 'Omar Haddad',
    },
    tooEarly: {
      day: day(-8),
      amountFils: -100_000,
      ref: 'PO-1006',
      text: `Loan payout ${rashid.uniqueId}`,
      party: 'Rashid Khan',
    },
  };
  const res = await postForm(
    t.app,
    '/api/admin/bank-statements',
    token,
    multipart(
      {},
      {
        file: {
          filename: 'month.xml',
          contentType: 'application/xml',
          data: camt053(opening, Object.values(lines)),
        },
      },
    ),
  );
  expect(res.statusCode, res.body).toBe(201);
  statementId = res.json().statement.id;
  const kept = await t.db.select().from(bankLines);
  for (const [key, line] of Object.entries(lines))
    lineIds[key] = kept.find((k) => k.bankRef === line.ref)!.id;
});

describe("the books' payouts beside the statement's debits", () => {
  it('matches each disbursement to its debit, by reference or name, and the cash repayment to its credit', async () => {
    const detail = (await get(`/api/admin/bank-statements/${statementId}`)).json();
    expect(
      detail.matched.map((m: { line: { id: number }; entry: { id: number }; why: string }) => ({
        line: m.line.id,
        entry: m.entry.id,
        why: m.why,
      })),
    ).toEqual(
      expect.arrayContaining([
        { line: lineIds.rashid, entry: entries.rashid, why: 'member_reference' },
        { line: lineIds.priya, entry: entries.priya, why: 'member_name' },
        { line: lineIds.repayment, entry: entries.repayment, why: 'member_reference' },
      ]),
    );
    expect(detail.matched).toHaveLength(3);
    const payout = detail.matched.find(
      (m: { line: { id: number } }) => m.line.id === lineIds.rashid,
    );
    expect(payout).toMatchObject({
      payment: null,
      entry: {
        kind: 'disbursement',
        amount: -1000,
        occurred_on: today,
        member: { id: rashid.id, unique_id: rashid.uniqueId },
        payment_id: null,
      },
    });
  });

  it('leaves the near misses unmatched, and lists the payout the bank has no line for', async () => {
    const detail = (await get(`/api/admin/bank-statements/${statementId}`)).json();
    expect(detail.unmatched_lines.map((l: { id: number }) => l.id).sort()).toEqual(
      [lineIds.wrongAmount, lineIds.wrongMember, lineIds.tooEarly].sort(),
    );
    expect(detail.unmatched_entries).toEqual([
      expect.objectContaining({
        id: entries.george,
        kind: 'disbursement',
        amount: -500,
        member: expect.objectContaining({ id: george.id }),
      }),
    ]);
    expect(detail.unmatched_payments).toEqual([]);
  });

  it('links the chosen matches only, refuses a line that matches nothing, then links the rest', async () => {
    const url = `/api/admin/bank-statements/${statementId}/approve`;
    const chosen = await post(url, { lines: [lineIds.rashid, lineIds.wrongAmount] });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({
      message: '0 payments approved, 1 movement linked, 1 refused.',
      approved: [],
      linked: [{ line_id: lineIds.rashid, entry_id: entries.rashid }],
      refused: [
        {
          line_id: lineIds.wrongAmount,
          message: 'This line of the statement matches nothing waiting.',
        },
      ],
    });
    const rest = await post(url, {});
    expect(rest.json().linked).toEqual(
      expect.arrayContaining([
        { line_id: lineIds.priya, entry_id: entries.priya },
        { line_id: lineIds.repayment, entry_id: entries.repayment },
      ]),
    );
    expect(rest.json()).toMatchObject({ approved: [], refused: [] });
    expect(rest.json().linked).toHaveLength(2);
    const linked = await t.db.select().from(bankLines);
    const entryOf = new Map(linked.map((l) => [l.id, l.entryId]));
    expect(entryOf.get(lineIds.rashid!)).toBe(entries.rashid);
    expect(entryOf.get(lineIds.priya!)).toBe(entries.priya);
    expect(entryOf.get(lineIds.repayment!)).toBe(entries.repayment);
    expect(linked.every((l) => l.paymentId === null)).toBe(true);
    // Nothing left to link; a line once linked is not linked again.
    const again = (await post(url, {})).json();
    expect(again).toMatchObject({ approved: [], linked: [], refused: [] });
    const detail = (await get(`/api/admin/bank-statements/${statementId}`)).json();
    expect(detail.matched).toEqual([]);
    expect(detail.linked.map((l: { id: number }) => l.id).sort()).toEqual(
      [lineIds.rashid, lineIds.priya, lineIds.repayment].sort(),
    );
    await t.expectBooksBalance();
  });

  it("every movement of cash in the statement's days has its line, or is listed as missing", async () => {
    // The matches linked, as the treasurer approves them.
    const approved = await post(`/api/admin/bank-statements/${statementId}/approve`, {});
    expect(approved.json().linked).toHaveLength(3);
    const r = (await get(`/api/admin/reconciliation?as_of=${today}`)).json();
    expect(r.entries_not_in_bank.map((e: { id: number }) => e.id)).toEqual([entries.george]);
    expect(r.lines_not_in_books.map((l: { id: number }) => l.id).sort()).toEqual(
      [lineIds.wrongAmount, lineIds.wrongMember, lineIds.tooEarly].sort(),
    );
    // Books less bank: George's 500 paid out that the bank lacks, less the three lines it has
    // that the books lack.
    expect(r.difference).toBe(-500 + 999 + 1000 + 1000);
    expect(r.agree).toBe(false);
    expect(r).toMatchObject({ lines_not_in_books_total: 3, entries_not_in_bank_total: 1 });
    // The first `limit` of each, the earliest first, and how many there are in all.
    const one = (await get(`/api/admin/reconciliation?as_of=${today}&limit=1`)).json();
    expect(one.lines_not_in_books).toEqual(r.lines_not_in_books.slice(0, 1));
    expect(one.entries_not_in_bank).toEqual(r.entries_not_in_bank);
    expect(one).toMatchObject({ lines_not_in_books_total: 3, entries_not_in_bank_total: 1 });
  });
});
