import type { STATEMENT_KINDS } from '@jamiya/contracts/values';

// Texts chosen by a value, each id written whole for Lingui's extract (decision 046).

type StatementKind = (typeof STATEMENT_KINDS)[number];

export const FILTERS_TEXTS: Record<string, string> = {
  from: /*i18n*/ 'statement.filters.from',
  to: /*i18n*/ 'statement.filters.to',
  kind: /*i18n*/ 'statement.filters.kind',
};

/** Every kind of movement has its name: a new kind is a compile error until it is named here. */
export const KINDS_TEXTS: Record<StatementKind, string> = {
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

export const SUMMARY_TEXTS: Record<string, string> = {
  opening: /*i18n*/ 'statement.summary.opening',
  closing: /*i18n*/ 'statement.summary.closing',
  savings: /*i18n*/ 'statement.summary.savings',
  loan: /*i18n*/ 'statement.summary.loan',
};
