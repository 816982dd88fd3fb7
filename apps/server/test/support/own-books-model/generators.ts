// What own-books-property.test.ts draws (see model.ts): the bank's entries over four days, and the
// treasurer's steps.
import fc from 'fast-check';
import type { BankEntry } from '../bank-files.ts';

/** The account's days: today − 3 … today (approvals and corrections are dated today). */
const DAYS = 4;
export const ACCOUNTS = [
  'bank_charges',
  'bank_interest',
  'other_income',
  'other_expenses',
  'cash_box',
] as const;
/** The bank's camt.053, or its CSV read with its reference column or without it. */
export type Format = 'camt053' | 'csv-ref' | 'csv';
export type Lookalikes = 'ask' | 'same' | 'new';
type Who = 'dues0' | 'dues1' | 'dues2' | 'fee' | 'expense' | 'deposit' | 'interest';

/** An entry of the bank's, before a run's members give it their names. */
export interface EntrySpec {
  who: Who;
  day: number;
  amountFils: number;
}
export interface PoolEntry extends BankEntry {
  index: number;
  who: Who;
  dayIndex: number;
}

const dayIndex = fc.integer({ min: 0, max: DAYS - 1 });
/**
 * A due of each member (named by their ID, by their name, by nothing of theirs), a bank fee, a
 * payment out, a deposit, and the interest on the last day; a day and an amount often shared.
 */
export const poolSpec: fc.Arbitrary<EntrySpec[]> = fc
  .tuple(
    fc.array(dayIndex, { minLength: 6, maxLength: 6 }),
    fc.constantFrom(-2_625, -50_000),
    fc.constantFrom(15_000, 20_000),
  )
  .map(([d, expenseFils, depositFils]) => [
    { who: 'dues0', day: d[0]!, amountFils: 20_000 },
    { who: 'dues1', day: d[1]!, amountFils: 20_000 },
    { who: 'dues2', day: d[2]!, amountFils: 20_000 },
    { who: 'fee', day: d[3]!, amountFils: -2_625 },
    { who: 'expense', day: d[4]!, amountFils: expenseFils },
    { who: 'deposit', day: d[5]!, amountFils: depositFils },
    { who: 'interest', day: DAYS - 1, amountFils: 1_234 },
  ]);

/** The run's entries: the members' words in them, a bank reference long enough to be found. */
export function bankEntries(
  spec: EntrySpec[],
  days: string[],
  members: Array<{ uniqueId: string }>,
): PoolEntry[] {
  const words: Record<Who, { text: string; party?: string }> = {
    dues0: { text: `Dues ${members[0]!.uniqueId}` },
    dues1: { text: 'Monthly saving', party: 'OMAR FAROUK' },
    dues2: { text: 'FAMILY SUPPORT', party: 'S NASSER' },
    fee: { text: 'ACCOUNT MAINTENANCE FEE' },
    expense: { text: 'TRANSFER AL NOOR HALL' },
    deposit: { text: 'CASH DEPOSIT' },
    interest: { text: 'PROFIT CREDITED' },
  };
  return spec.map((e, index) => ({
    ...words[e.who],
    index,
    who: e.who,
    dayIndex: e.day,
    day: days[e.day]!,
    amountFils: e.amountFils,
    ref: `FT${e.day}7Q${index}ZX`,
  }));
}

export type Step =
  | { kind: 'import'; first: number; last: number; format: Format; lookalikes: Lookalikes }
  | { kind: 'receipt'; member: number; day: number | null; withRef: boolean }
  | { kind: 'approve' | 'matches' | 'unlink' | 'reverse' | 'delete'; pick: number }
  | { kind: 'book'; pick: number; account: (typeof ACCOUNTS)[number] }
  /** `open`: a line still open that takes money in, else any line (to be refused, mostly). */
  | { kind: 'link'; pick: number; candidate: number; open: boolean };

const pick = fc.nat({ max: 20 });
const picked = (kind: 'approve' | 'matches' | 'unlink' | 'reverse' | 'delete') =>
  fc.record({ kind: fc.constant(kind), pick });
const importing = fc.record({
  kind: fc.constant('import' as const),
  first: dayIndex,
  last: dayIndex,
  format: fc.constantFrom<Format>('camt053', 'csv-ref', 'csv'),
  lookalikes: fc.constantFrom<Lookalikes>('ask', 'ask', 'same', 'new'),
});
const receipt = fc.record({
  kind: fc.constant('receipt' as const),
  member: fc.nat({ max: 2 }),
  day: fc.option(dayIndex, { nil: null }),
  withRef: fc.boolean(),
});
export const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: importing },
  { weight: 3, arbitrary: receipt },
  { weight: 2, arbitrary: picked('approve') },
  { weight: 2, arbitrary: picked('matches') },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('book' as const),
      pick,
      account: fc.constantFrom(...ACCOUNTS),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('link' as const),
      pick,
      candidate: pick,
      open: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: picked('unlink') },
  { weight: 2, arbitrary: picked('reverse') },
  { weight: 1, arbitrary: picked('delete') },
);

/** A run's steps: a statement and a receipt first (most steps need one), then any. */
export const steps = fc
  .tuple(importing, receipt, fc.array(step, { minLength: 2, maxLength: 12 }))
  .map(([first, second, rest]): Step[] => [first, second, ...rest]);
