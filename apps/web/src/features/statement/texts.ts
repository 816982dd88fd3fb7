// Texts chosen by a value, each id written whole for Lingui's extract (decision 046).

export const FILTERS_TEXTS: Record<string, string> = {
  from: /*i18n*/ 'statement.filters.from',
  to: /*i18n*/ 'statement.filters.to',
  kind: /*i18n*/ 'statement.filters.kind',
};

export const KINDS_TEXTS: Record<string, string> = {
  dues: /*i18n*/ 'statement.kinds.dues',
  disbursement: /*i18n*/ 'statement.kinds.disbursement',
  repayment: /*i18n*/ 'statement.kinds.repayment',
  write_off: /*i18n*/ 'statement.kinds.write_off',
  reversal: /*i18n*/ 'statement.kinds.reversal',
  bonus: /*i18n*/ 'statement.kinds.bonus',
  opening: /*i18n*/ 'statement.kinds.opening',
};

export const SUMMARY_TEXTS: Record<string, string> = {
  opening: /*i18n*/ 'statement.summary.opening',
  closing: /*i18n*/ 'statement.summary.closing',
  savings: /*i18n*/ 'statement.summary.savings',
  loan: /*i18n*/ 'statement.summary.loan',
};
