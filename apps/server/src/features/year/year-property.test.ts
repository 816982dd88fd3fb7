import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { adminCalls, importStatement, lineIdsOf } from '../../../test/support/own-books.ts';
import {
  addDaysToDate,
  addMonthsToPeriod,
  lastDayOfPeriod,
  localDate,
  periodOf,
} from '../../lib/calendar.ts';

// Issue 53: after any sequence of entries, month locks, year closes and reopenings, the trial
// balance balances and agrees with a model of the entries, nothing dated in a locked month
// changes, and a closed year's income and expense accounts read zero with its close and their
// true totals without it. Each run is a new association whose books began in January two years
// ago, with the bank agreeing through last month; entries by hand move no cash.

const RUNS = Number(process.env.YEAR_RUNS ?? 4);
const today = localDate(new Date());
const thisMonth = periodOf(today);
const firstYear = Number(today.slice(0, 4)) - 2;
const booksBegin = `${firstYear}-01-01`;
const lastMonth = addMonthsToPeriod(thisMonth, -1);
const DAYS = (Date.parse(today) - Date.parse(booksBegin)) / 86_400_000;
const INCOME = ['other_income', 'bank_interest'];
const EXPENSES = ['stationery', 'meeting_costs', 'other_expenses', 'bank_charges'];
const ACCOUNTS = [...INCOME, ...EXPENSES];

type Postings = Record<string, number>;
interface EntryModel {
  day: string;
  /** A year's close or its reversal: in the closing period after `day`'s year. */
  closing: boolean;
  postings: Postings;
}
interface Model {
  entries: EntryModel[];
  locked: string[];
  /** Each locked month's postings (not closes) when it was locked. */
  atLock: Map<string, Postings>;
  closed: number[];
}

type Action =
  | { do: 'hand'; dayIndex: number; debit: string; credit: string; fils: number }
  | { do: 'lock'; months: number }
  | { do: 'close' }
  | { do: 'reopen' };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      do: fc.constant('hand' as const),
      dayIndex: fc.integer({ min: 0, max: DAYS }),
      debit: fc.constantFrom(...ACCOUNTS),
      credit: fc.constantFrom(...ACCOUNTS),
      fils: fc.integer({ min: 1, max: 50_000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      do: fc.constant('lock' as const),
      months: fc.integer({ min: 1, max: 12 }),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ do: 'close' as const }) },
  { weight: 1, arbitrary: fc.constant({ do: 'reopen' as const }) },
);

const add = (into: Postings, from: Postings, sign = 1) => {
  for (const [code, fils] of Object.entries(from)) into[code] = (into[code] ?? 0) + sign * fils;
  return into;
};

/** The model's balances of the entries that pass `keep`. */
const sumOf = (model: Model, keep: (e: EntryModel) => boolean) =>
  model.entries.filter(keep).reduce((s, e) => add(s, e.postings), {} as Postings);

const yearEnd = (year: number) => `${year}-12-31`;
/** Balances at a year's end without its close: everything dated by then, earlier closes too. */
const withoutClose = (model: Model, year: number) =>
  sumOf(model, (e) => e.day <= yearEnd(year) && !(e.closing && e.day.startsWith(String(year))));

async function setUp() {
  const t = await createTestApp();
  const user = await t.makeUser({ role: 'admin', isMember: false, name: 'Treasurer' });
  const token = await t.login(user.email);
  const a = adminCalls(t.app, token);
  const { response, statementId } = await importStatement(t.app, token, [
    { day: `${firstYear}-01-02`, amountFils: 100_000, ref: 'IN-0', text: 'DONATION' },
    { day: lastDayOfPeriod(lastMonth), amountFils: -100, ref: 'FEE-0', text: 'FEE' },
  ]);
  expect(response.statusCode, response.body).toBe(201);
  const ids = await lineIdsOf(t.db, statementId);
  for (const [ref, account] of [
    ['IN-0', 'other_income'],
    ['FEE-0', 'bank_charges'],
  ] as const)
    expect(
      (await a.post(`/api/admin/bank-lines/${ids.get(ref)}/book`, { account })).statusCode,
    ).toBe(201);
  const model: Model = {
    entries: [
      {
        day: `${firstYear}-01-02`,
        closing: false,
        postings: { cash: 100_000, other_income: -100_000 },
      },
      {
        day: lastDayOfPeriod(lastMonth),
        closing: false,
        postings: { cash: -100, bank_charges: 100 },
      },
    ],
    locked: [],
    atLock: new Map(),
    closed: [],
  };
  return { t, a, model };
}

type Calls = ReturnType<typeof adminCalls>;

async function step(a: Calls, model: Model, act: Action): Promise<void> {
  if (act.do === 'hand') {
    if (act.debit === act.credit) return;
    const day = addDaysToDate(booksBegin, act.dayIndex);
    const res = await a.post('/api/admin/journal-entries', {
      date: day,
      memo: 'A random entry',
      lines: [
        { account: act.debit, debit: act.fils / 100 },
        { account: act.credit, credit: act.fils / 100 },
      ],
    });
    if (model.locked.includes(periodOf(day))) {
      expect(res.statusCode, res.body).toBe(409);
      return;
    }
    expect(res.statusCode, res.body).toBe(201);
    model.entries.push({
      day,
      closing: false,
      postings: { [act.debit]: act.fils, [act.credit]: -act.fils },
    });
  } else if (act.do === 'lock') {
    for (let i = 0; i < act.months; i++) {
      const next = model.locked.length
        ? addMonthsToPeriod(model.locked.at(-1)!, 1)
        : `${firstYear}-01`;
      if (next >= thisMonth) return;
      const res = await a.post(`/api/admin/periods/${next}/lock`);
      expect(res.statusCode, res.body).toBe(200);
      model.locked.push(next);
      model.atLock.set(
        next,
        sumOf(model, (e) => !e.closing && periodOf(e.day) === next),
      );
    }
  } else if (act.do === 'close') {
    const year = model.closed.length ? model.closed.at(-1)! + 1 : firstYear;
    if (`${year}-12` >= thisMonth) return;
    expect((await a.post(`/api/admin/years/${year}/arrears-review`)).statusCode).toBe(200);
    const res = await a.post(`/api/admin/years/${year}/close`);
    if (!model.locked.includes(`${year}-12`)) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().errors).toHaveProperty('months_locked');
      return;
    }
    expect(res.statusCode, res.body).toBe(200);
    const before = withoutClose(model, year);
    const postings: Postings = {};
    let surplus = 0;
    for (const code of ACCOUNTS)
      if (before[code]) {
        postings[code] = -before[code];
        surplus += before[code];
      }
    if (surplus) postings.members_surplus = surplus;
    model.entries.push({ day: yearEnd(year), closing: true, postings });
    model.closed.push(year);
  } else {
    const year = model.closed.at(-1);
    if (year === undefined) return;
    const res = await a.post(`/api/admin/years/${year}/reopen`, {
      reason: 'The auditor asked for it',
    });
    expect(res.statusCode, res.body).toBe(200);
    const close = model.entries.findLast((e) => e.closing && e.day === yearEnd(year))!;
    model.entries.push({ ...close, postings: add({}, close.postings, -1) });
    model.closed.pop();
  }
}

/** Each account's balance in AED (debits above 0) in the trial balance asked for. */
async function balances(a: Calls, query: string): Promise<Postings> {
  const res = await a.get(`/api/admin/ledger/trial-balance?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().balanced).toBe(true);
  return Object.fromEntries(
    res
      .json()
      .accounts.map((l: { code: string; balance: number }) => [
        l.code,
        Math.round(l.balance * 100),
      ]),
  );
}

const inModel = (p: Postings, codes: string[]) =>
  Object.fromEntries(codes.map((c) => [c, p[c] ?? 0]));

async function verify(t: TestApp, a: Calls, model: Model): Promise<void> {
  const codes = [...ACCOUNTS, 'cash', 'members_surplus'];
  expect(inModel(await balances(a, `as_of=${today}`), codes)).toEqual(
    inModel(
      sumOf(model, () => true),
      codes,
    ),
  );
  // Nothing dated in a locked month changed since its lock.
  const months = await rowsOf<{ month: string; code: string; total: string }>(
    t.db,
    sql`select to_char(e.occurred_at at time zone 'Asia/Dubai', 'YYYY-MM') as month, a.code, sum(p.amount_fils) as total
      from postings p join journal_entries e on e.id = p.entry_id join ledger_accounts a on a.id = p.account_id
      where e.closing_period is null group by 1, 2`,
  );
  for (const [month, at] of model.atLock) {
    const now: Postings = {};
    for (const r of months.filter((m) => m.month === month))
      if (Number(r.total)) now[r.code] = Number(r.total);
    expect(now, month).toEqual(Object.fromEntries(Object.entries(at).filter(([, v]) => v !== 0)));
  }
  // A closed year: its true totals without the close, zero with it.
  for (const year of model.closed) {
    const without = withoutClose(model, year);
    expect(inModel(await balances(a, `as_of=${yearEnd(year)}`), ACCOUNTS)).toEqual(
      inModel(without, ACCOUNTS),
    );
    const withIt = await balances(a, `as_of=${yearEnd(year)}&with_close=true`);
    expect(inModel(withIt, ACCOUNTS)).toEqual(inModel({}, ACCOUNTS));
  }
}

describe('the year, as a property', () => {
  it(`holds over ${RUNS} random sequences of entries, locks, closes and reopenings`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 30 }), async (actions) => {
        const { t, a, model } = await setUp();
        try {
          for (const act of actions) {
            await step(a, model, act);
            await verify(t, a, model);
          }
          await t.expectBooksBalance();
        } finally {
          await t.close();
        }
      }),
      {
        numRuns: RUNS,
        // One run that reaches a close and a reopening whatever the random runs do.
        examples: [
          [
            [
              {
                do: 'hand',
                dayIndex: 40,
                debit: 'stationery',
                credit: 'other_income',
                fils: 1_234,
              },
              { do: 'lock', months: 12 },
              { do: 'hand', dayIndex: 40, debit: 'stationery', credit: 'other_income', fils: 99 },
              { do: 'close' },
              { do: 'reopen' },
              { do: 'close' },
              { do: 'lock', months: 6 },
            ],
          ],
        ],
      },
    );
  }, 240_000);
});
