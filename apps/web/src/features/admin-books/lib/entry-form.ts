import { filsToAed, tryParseAed, type Fils } from '@jamiya/money/fils';
import type { EntryBody } from '../api/post-journal-entry.ts';

// An entry by hand as the form keeps it (amounts as typed), and as the API takes it. The
// schema is in entry-form-schema.ts, loaded when the form first validates.

/** The account choice that stands for "a member's savings": the member is then chosen. */
export const SAVINGS = 'savings';

export interface MemberChoice {
  id: number;
  name: string;
  unique_id: string;
}

export interface EntryFormLine {
  /** A chart account's code, or SAVINGS. */
  account: string;
  member: MemberChoice | null;
  debit: string;
  credit: string;
}

export interface EntryFormInput {
  date: string;
  memo: string;
  lines: EntryFormLine[];
  evidence?: File | undefined;
}

/** The checked values, amounts in fils (entry-form-schema.ts checks it makes these). */
export interface EntryFormValues {
  date: string;
  memo: string;
  lines: { account: string; debit?: Fils | undefined; credit?: Fils | undefined }[];
  evidence?: File | undefined;
}

export const emptyLine = (): EntryFormLine => ({
  account: '',
  member: null,
  debit: '',
  credit: '',
});

export const MIN_LINES = 2;
export const MAX_LINES = 20;

/** The account a line posts to: a member's savings by the member's id; '' when not chosen. */
export const accountOf = (line: Pick<EntryFormLine, 'account' | 'member'>) =>
  line.account === SAVINGS ? (line.member ? `savings:${line.member.id}` : '') : line.account;

/** What has been typed so far, in fils: an amount not (yet) readable counts as nothing. */
export function sums(lines: readonly Pick<EntryFormLine, 'debit' | 'credit'>[]) {
  const read = (text: string): Fils => {
    const trimmed = text.trim();
    const fils = trimmed ? tryParseAed(trimmed) : null;
    return fils !== null && fils > 0 ? fils : 0;
  };
  const debitsFils = lines.reduce((sum, l) => sum + read(l.debit), 0);
  const creditsFils = lines.reduce((sum, l) => sum + read(l.credit), 0);
  return { debitsFils, creditsFils, differenceFils: debitsFils - creditsFils };
}

/** The checked values (amounts in fils) as the JSON the API takes (amounts in AED). */
export function toEntryBody(values: EntryFormValues): EntryBody {
  return {
    date: values.date,
    memo: values.memo,
    lines: values.lines.map((l) =>
      l.debit !== undefined
        ? { account: l.account, debit: filsToAed(l.debit) }
        : { account: l.account, credit: filsToAed(l.credit!) },
    ),
  };
}

/** The fields the server names in its errors (`lines.0.debit`), as the form has them. */
export const serverFields = (count: number) => [
  'date',
  'memo',
  'evidence',
  ...Array.from({ length: count }, (_, i) =>
    ['account', 'debit', 'credit'].map((f) => `lines.${i}.${f}`),
  ).flat(),
];
