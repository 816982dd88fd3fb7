import { filsToAed, type Fils } from '@jamiya/money/fils';
import { filsToDecimalString } from '@jamiya/money/format';
import { formatDay, formatMoment } from '@jamiya/money/dates';
import type { JournalEntry } from '@jamiya/contracts/books';
import type { Language } from '@jamiya/contracts/languages';
import type { LoanCharge } from '@jamiya/contracts/settings';
import type { DbOrTx } from '../../db/client.ts';
import { toCsv } from '../../lib/csv.ts';
import { textsIn } from '../../lib/i18n.ts';
import { fileUrl } from '../files/public.ts';
import { memberRefsById, type MemberRef } from '../users/public.ts';
import { accountNameIn, type AccountNames } from './accounts.ts';
import { accountNames } from './chart.ts';
import {
  describeMovement,
  entryKindName,
  journalPage,
  REVERSIBLE,
  type JournalFilter,
  type JournalRow,
  type MovementDetails,
} from './journal.ts';
import {
  reportAmount,
  type ReportColumn,
  type ReportDocument,
  type ReportRow,
} from './report-pdf.ts';

// The journal as the page (JSON), the CSV file and the PDF read it.

/** What an entry is, in the reader's language, as the member's statement says it. */
export const memoIn = (row: JournalRow, language: Language, charge: LoanCharge) =>
  describeMovement(
    { ...row, kind: row.entry.kind, loanId: row.entry.loanId, memo: row.entry.memo },
    language,
    charge,
  );

/** The people a page of the journal names: who recorded and who proposed each entry. */
export const peopleOf = (db: DbOrTx, rows: JournalRow[]) =>
  memberRefsById(db, [
    ...rows.map((r) => r.entry.createdBy),
    ...rows.map((r) => r.entry.proposedBy),
  ]);

export const namesOf = (db: DbOrTx, rows: JournalRow[]) =>
  accountNames(
    db,
    rows.flatMap((r) => r.postings.map((p) => p.accountCode)),
  );

const debitOf = (fils: Fils) => Math.max(fils, 0);
const creditOf = (fils: Fils) => Math.max(0 - fils, 0);

export function toJournalEntry(
  row: JournalRow,
  people: Map<number, MemberRef>,
  names: AccountNames,
  language: Language,
): JournalEntry {
  const e = row.entry;
  return {
    id: e.id,
    kind: e.kind,
    memo: memoIn(row, language, names.charge),
    occurred_at: e.occurredAt.toISOString(),
    created_at: e.createdAt.toISOString(),
    created_by: e.createdBy === null ? null : (people.get(e.createdBy) ?? null),
    proposed_by: e.proposedBy === null ? null : (people.get(e.proposedBy) ?? null),
    reverses_entry_id: e.reversesEntryId,
    reversed_by_entry_id: row.reversedBy,
    correction:
      e.kind === 'reversal' && e.reasonCode ? { reason_code: e.reasonCode, reason: e.memo } : null,
    reversible: row.reversedBy === null && REVERSIBLE.has(e.kind),
    payment_id: e.paymentId,
    loan_id: e.loanId,
    bank_line_id: row.bankLineId,
    evidence_url: e.evidenceFileId === null ? null : fileUrl(e.evidenceFileId),
    postings: row.postings.map((p) => ({
      account_code: p.accountCode,
      account_name: accountNameIn(p.accountCode, language, names),
      debit: filsToAed(debitOf(p.amountFils)),
      credit: filsToAed(creditOf(p.amountFils)),
    })),
  };
}

/** Every entry the filter keeps, oldest first, read a thousand at a time. */
export async function allJournalRows(
  db: DbOrTx,
  filter: JournalFilter,
  details: MovementDetails,
): Promise<JournalRow[]> {
  const rows: JournalRow[] = [];
  for (let before: number | null = null; ;) {
    const batch = await journalPage(db, { ...filter, before, limit: 1000 }, details);
    rows.push(...batch);
    if (batch.length < 1000) break;
    before = batch.at(-1)!.entry.id;
  }
  return rows.reverse();
}

/** One row per posting: the codes for machines (kind, account), the words in the reader's language. */
export function journalCsv(rows: JournalRow[], names: AccountNames, language: Language): string {
  return toCsv(
    [
      'entry',
      'occurred_at',
      'kind',
      'description',
      'account',
      'account_name',
      'debit_aed',
      'credit_aed',
    ],
    rows.flatMap((r) =>
      r.postings.map((p) => [
        r.entry.id,
        r.entry.occurredAt.toISOString(),
        r.entry.kind,
        memoIn(r, language, names.charge),
        p.accountCode,
        accountNameIn(p.accountCode, language, names),
        filsToDecimalString(debitOf(p.amountFils)),
        filsToDecimalString(creditOf(p.amountFils)),
      ]),
    ),
  );
}

/** What the journal's PDF was asked for, in words: the days, the account, the kind, the member. */
export interface JournalChoice {
  filter: JournalFilter;
  /** The member whose entries these are, when `filter.memberId` is set. */
  member: MemberRef | null;
}

/**
 * The journal as a PDF, oldest first: each entry's day, number and description on its first
 * posting's row, then each posting's account, debit and credit; the totals at the end.
 */
export function journalDocument(
  rows: JournalRow[],
  names: AccountNames,
  choice: JournalChoice,
  about: { associationName: string; issuedAt: Date; language: Language },
): ReportDocument {
  const { language } = about;
  const { filter } = choice;
  const i18n = textsIn(language);
  const amount = (fils: Fils) => reportAmount(fils, language, true);
  const columns: ReportColumn[] = [
    { header: i18n._('ledger.reports.columns.date'), width: 82, align: 'start' },
    { header: i18n._('ledger.reports.columns.entry'), width: 38, align: 'start' },
    { header: i18n._('ledger.reports.columns.description'), width: 130, align: 'start' },
    { header: i18n._('ledger.reports.columns.account'), width: 135, align: 'start' },
    { header: i18n._('ledger.reports.columns.debit'), width: 65, align: 'end' },
    { header: i18n._('ledger.reports.columns.credit'), width: 65, align: 'end' },
  ];
  const table: ReportRow[] = rows.flatMap((r, n) =>
    r.postings.map((p, i) => ({
      cells: [
        i === 0 ? formatDay(r.entry.occurredAt, language) : '',
        i === 0 ? String(r.entry.id) : '',
        i === 0 ? { typed: memoIn(r, language, names.charge) } : '',
        { typed: accountNameIn(p.accountCode, language, names) },
        amount(debitOf(p.amountFils)),
        amount(creditOf(p.amountFils)),
      ],
      style: { isStriped: n % 2 === 1 },
    })),
  );
  const postings = rows.flatMap((r) => r.postings);
  if (rows.length)
    table.push({
      cells: [
        '',
        '',
        i18n._('ledger.reports.journal.total'),
        '',
        amount(postings.reduce((s, p) => s + debitOf(p.amountFils), 0)),
        amount(postings.reduce((s, p) => s + creditOf(p.amountFils), 0)),
      ],
      style: { isBold: true },
    });

  const { from, to } = filter;
  const days =
    from && to
      ? i18n._('ledger.reports.periodValue', { from: { day: from }, to: { day: to } })
      : from
        ? i18n._('ledger.reports.fromDay', { from: { day: from } })
        : to
          ? i18n._('ledger.reports.toDay', { to: { day: to } })
          : i18n._('ledger.reports.allDays');
  const facts: ReportDocument['facts'] = [[i18n._('ledger.reports.facts.days'), days]];
  if (filter.account)
    facts.push([
      i18n._('ledger.reports.facts.account'),
      { typed: `${accountNameIn(filter.account, language, names)} (${filter.account})` },
    ]);
  if (filter.kind)
    facts.push([i18n._('ledger.reports.facts.kind'), entryKindName(filter.kind, language)]);
  if (choice.member)
    facts.push([
      i18n._('ledger.reports.facts.member'),
      { typed: `${choice.member.name} (${choice.member.unique_id})` },
    ]);
  facts.push(
    [i18n._('ledger.reports.facts.entries'), rows.length.toLocaleString('en')],
    [i18n._('ledger.reports.facts.generated'), formatMoment(about.issuedAt, language)],
  );
  return {
    language,
    associationName: about.associationName,
    title: i18n._('ledger.reports.journal.title'),
    facts,
    blocks: [{ columns, rows: table, empty: i18n._('ledger.reports.journal.empty') }],
  };
}
