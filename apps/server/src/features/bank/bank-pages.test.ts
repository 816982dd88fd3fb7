import { beforeEach, describe, expect, it } from 'vitest';
import { camt053, type BankEntry } from '../../../test/support/bank-files.ts';
import { onePagePdf } from '../../../test/support/uploads.ts';
import { bearer, expectError, multipart, postForm, useTestAppEach } from '../../../test/harness.ts';
import { addDaysToDate, localDate, periodOf } from '../../lib/calendar.ts';

// Issue 51, point 5: a statement's page lists its parts page by page. The first answer holds a
// page of each part and how many each holds; `section` and `after` page through one part, in
// the order of its ids, each item once.

// Each test starts from the same statement on a database of its own (beforeEach below): one
// test links lines, which moves every part's count.
const t = useTestAppEach();
const today = localDate(new Date());
const day = (n: number) => addDaysToDate(today, n);

let token = '';
let memberToken = '';
let statementId = 0;

type Detail = {
  counts: Record<string, number>;
  matched: Array<{ line: { id: number; amount: number } }>;
  linked: Array<{ id: number }>;
  unmatched_lines: Array<{ id: number; amount: number }>;
  unmatched_payments: Array<{ id: number }>;
  unmatched_entries: Array<{ id: number }>;
};

const get = (query: string) =>
  t.app.inject({
    url: `/api/admin/bank-statements/${statementId}${query}`,
    headers: bearer(token),
  });

async function detail(query: string): Promise<Detail> {
  const res = await get(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every id of a part, asked for `limit` at a time. */
async function pageThrough(section: string, ids: (d: Detail) => number[], limit: number) {
  const seen: number[] = [];
  for (let asked = 0; asked < 20; asked += 1) {
    const after = seen.length ? `&after=${seen.at(-1)}` : '';
    const page = ids(await detail(`?section=${section}&limit=${limit}${after}`));
    expect(page.length).toBeLessThanOrEqual(limit);
    if (page.length === 0) return seen;
    seen.push(...page);
  }
  throw new Error(`${section} did not end`);
}

beforeEach(async () => {
  const admin = await t.makeUser({ role: 'admin', name: 'Treasurer Fatima' });
  token = await t.login(admin.email);
  const lines: BankEntry[] = [];
  // Five receipts waiting, each with the line that is its money; two more the bank never saw.
  for (let n = 0; n < 7; n += 1) {
    const m = await t.makeUser({ name: `Member Page ${n}`, joinedOn: `${periodOf(today)}-01` });
    const mine = await t.login(m.email);
    if (n === 0) memberToken = mine;
    const sent = await postForm(
      t.app,
      '/api/save-monthly-payment',
      mine,
      multipart(
        { payment_amount: '200', month: periodOf(today), account_number: 'ENBD 1' },
        { photo: { filename: 'r.pdf', contentType: 'application/pdf', data: await onePagePdf() } },
      ),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    if (n < 5)
      lines.push({ day: day(-1), amountFils: 20_000, ref: `FT-M${n}`, text: `${m.uniqueId} dues` });
  }
  for (let n = 0; n < 7; n += 1)
    lines.push({ day: day(-1), amountFils: 1_000 + n, ref: `CD-${n}`, text: 'Cash deposit' });
  for (let n = 0; n < 4; n += 1)
    lines.push({ day: today, amountFils: -(500 + n), ref: `CH-${n}`, text: 'Bank charge' });
  const res = await postForm(
    t.app,
    '/api/admin/bank-statements',
    token,
    multipart(
      {},
      {
        file: {
          filename: 'month.xml',
          contentType: 'application/octet-stream',
          data: camt053(100_000, lines),
        },
      },
    ),
  );
  expect(res.statusCode, res.body).toBe(201);
  statementId = res.json().statement.id;
});

describe('GET /api/admin/bank-statements/:id, page by page', () => {
  it('answers a page of each part and how many each holds', async () => {
    const d = await detail('?limit=2');
    expect(d.counts).toEqual({
      matched: 5,
      matched_out: 0,
      linked: 0,
      linked_out: 0,
      credits: 7,
      debits: 4,
      payments: 2,
      entries: 0,
    });
    expect(d.matched).toHaveLength(2);
    expect(d.unmatched_lines.map((l) => Math.sign(l.amount))).toEqual([1, 1, -1, -1]);
    expect(d.unmatched_payments).toHaveLength(2);
    // Fifty of each when the page asks for no number.
    const all = await detail('');
    expect(all.matched).toHaveLength(5);
    expect(all.unmatched_lines).toHaveLength(11);
  });

  it('pages through each part in the order of its ids, each item once', async () => {
    const all = await detail('?limit=200');
    const lineIds = (xs: Array<{ id: number }>) => xs.map((x) => x.id);
    const credits = lineIds(all.unmatched_lines.filter((l) => l.amount > 0));
    const debits = lineIds(all.unmatched_lines.filter((l) => l.amount < 0));
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
    expect(await pageThrough('credits', (d) => lineIds(d.unmatched_lines), 3)).toEqual(
      sorted(credits),
    );
    expect(await pageThrough('debits', (d) => lineIds(d.unmatched_lines), 3)).toEqual(
      sorted(debits),
    );
    const matched = await pageThrough('matched', (d) => d.matched.map((m) => m.line.id), 2);
    expect(matched).toEqual(sorted(all.matched.map((m) => m.line.id)));
    expect(matched).toHaveLength(5);
    expect(await pageThrough('payments', (d) => lineIds(d.unmatched_payments), 1)).toHaveLength(2);
    // A page of one part leaves the others empty, the counts whole.
    const one = await detail(`?section=debits&after=${sorted(debits)[0]}&limit=1`);
    expect(one.matched).toEqual([]);
    expect(one.unmatched_lines).toHaveLength(1);
    expect(one.unmatched_payments).toEqual([]);
    expect(one.counts.credits).toBe(7);
  });

  it('moves an approved match to the lines linked, and pages through those', async () => {
    const before = (await detail('?limit=1')).counts;
    const first = await detail('?section=matched&limit=2');
    const chosen = first.matched.map((m) => m.line.id);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bank-statements/${statementId}/approve`,
      headers: bearer(token),
      payload: { lines: chosen },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const d = await detail('?limit=1');
    expect(d.counts).toMatchObject({ matched: before.matched! - 2, linked: before.linked! + 2 });
    expect(await pageThrough('linked', (p) => p.linked.map((l) => l.id), 1)).toEqual(
      expect.arrayContaining(chosen),
    );
  });

  it('refuses a part it does not have, a page of none or too many, and an after without its part', async () => {
    for (const query of [
      '?section=everything',
      '?limit=0',
      '?limit=201',
      '?limit=ten',
      '?section=credits&after=0',
      '?section=credits&after=x',
    ])
      expectError(await get(query), 400);
    expect(expectError(await get('?section=everything&limit=0'), 400).errors).toEqual({
      section: [
        'Choose a part of the statement: matched, linked, credits, debits, payments or entries.',
      ],
      limit: ['Ask for 1 to 200 at a time.'],
    });
    expect(expectError(await get('?section=credits&after=x'), 400).errors).toEqual({
      after: ['The last line shown is a number above 0.'],
    });
    expect(expectError(await get('?after=12'), 400).errors).toEqual({
      after: ['Say which part of the statement to list after that line.'],
    });
  });

  it('is for admins only, and says so of a statement that is not there', async () => {
    const asMember = await t.app.inject({
      url: `/api/admin/bank-statements/${statementId}?limit=1`,
      headers: bearer(memberToken),
    });
    expectError(asMember, 403);
    expectError(await t.app.inject({ url: `/api/admin/bank-statements/${statementId}` }), 401);
    const missing = await t.app.inject({
      url: '/api/admin/bank-statements/999999?section=linked',
      headers: bearer(token),
    });
    expectError(missing, 404);
  });
});
