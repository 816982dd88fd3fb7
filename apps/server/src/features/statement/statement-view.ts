import { filsToAed } from '@jamiya/money/fils';
import { filsToDecimalString } from '@jamiya/money/format';
import type { Statement } from '@jamiya/contracts/statement';
import type { Language } from '@jamiya/contracts/languages';
import type { LoanCharge } from '@jamiya/contracts/settings';
import { localDate } from '../../lib/calendar.ts';
import { toCsv } from '../../lib/csv.ts';
import { textsIn, type TextId } from '../../lib/i18n.ts';
import { describeMovement, type EntryKind } from '../ledger/public.ts';
import { toStatementLine } from './statement-query.ts';
import type { StatementBalances, StatementPeriod, StatementRow } from './statement-query.ts';

export interface StatementSubject {
  associationName: string;
  /** What the association calls the loans' charge. */
  charge: LoanCharge;
  member: { name: string; uniqueId: string };
  kind: EntryKind | null;
  period: StatementPeriod;
}

const balancesView = (b: StatementBalances): Statement['closing'] => ({
  savings: filsToAed(b.savingsFils),
  loan: filsToAed(b.loanFils),
  loan_principal: filsToAed(b.loanPrincipalFils),
  loan_interest: filsToAed(b.loanInterestFils),
});

export function toStatementView(s: StatementSubject, language: Language): Statement {
  const { period } = s;
  return {
    member: { name: s.member.name, unique_id: s.member.uniqueId },
    association_name: s.associationName,
    from: period.from,
    to: period.to,
    kind: s.kind,
    opening: balancesView(period.opening),
    closing: balancesView(period.closing),
    lines: period.lines.map((line) => toStatementLine(line, language, s.charge)),
  };
}

/** Each kind of movement's name, as a person reads it (the ids whole, for Lingui's extract). */
export const KIND_NAMES: Record<EntryKind, TextId> = {
  dues: /*i18n*/ 'statement.kinds.dues',
  disbursement: /*i18n*/ 'statement.kinds.disbursement',
  repayment: /*i18n*/ 'statement.kinds.repayment',
  write_off: /*i18n*/ 'statement.kinds.write_off',
  reversal: /*i18n*/ 'statement.kinds.reversal',
  bonus: /*i18n*/ 'statement.kinds.bonus',
  opening: /*i18n*/ 'statement.kinds.opening',
  recovery: /*i18n*/ 'statement.kinds.recovery',
  fine: /*i18n*/ 'statement.kinds.fine',
  fine_waiver: /*i18n*/ 'statement.kinds.fine_waiver',
  exit: /*i18n*/ 'statement.kinds.exit',
  booking: /*i18n*/ 'statement.kinds.booking',
  journal: /*i18n*/ 'statement.kinds.journal',
  closing: /*i18n*/ 'statement.kinds.closing',
};

const CSV_COLUMNS = [
  /*i18n*/ 'statement.csv.date',
  /*i18n*/ 'statement.csv.entry',
  /*i18n*/ 'statement.csv.kind',
  /*i18n*/ 'statement.csv.description',
  /*i18n*/ 'statement.csv.savingsChange',
  /*i18n*/ 'statement.csv.loanChange',
  /*i18n*/ 'statement.csv.savingsBalance',
  /*i18n*/ 'statement.csv.loanBalance',
  // After the columns the export always had, so that a sheet reading them by place still can.
  /*i18n*/ 'statement.csv.loanPrincipalChange',
  /*i18n*/ 'statement.csv.loanInterestChange',
  /*i18n*/ 'statement.csv.kindCode',
] as const;

/**
 * The same columns as the treasurer's export of a whole statement, headed in the reader's
 * language (English's are the export's: date, entry, kind, …). A person reads the day as it was
 * in Dubai and the kind in their language (issue 34); a machine reads plain decimals and, in the
 * last column, the kind's code.
 */
export function statementCsv(
  lines: StatementRow[],
  { language = 'en', charge }: { language?: Language; charge: LoanCharge },
): string {
  const i18n = textsIn(language, { charge });
  return toCsv(
    CSV_COLUMNS.map((column) => i18n._(column)),
    lines.map((l) => [
      localDate(l.occurredAt),
      l.entryId,
      i18n._(KIND_NAMES[l.kind]),
      describeMovement(l, language, charge),
      filsToDecimalString(l.savingsChangeFils),
      filsToDecimalString(l.loanChangeFils),
      filsToDecimalString(l.savingsBalanceFils),
      filsToDecimalString(l.loanBalanceFils),
      filsToDecimalString(l.loanPrincipalChangeFils),
      filsToDecimalString(l.loanInterestChangeFils),
      l.kind,
    ]),
  );
}

/** statement-JM000002-2026-01-01-to-2026-11-22.pdf */
export function statementFileName(
  uniqueId: string,
  period: { from: string; to: string },
  ext: 'csv' | 'pdf',
): string {
  const safeId = uniqueId.replace(/[^A-Za-z0-9_-]/g, '');
  return `statement-${safeId}-${period.from}-to-${period.to}.${ext}`;
}
