// Texts chosen by a value, each id written whole for Lingui's extract (decision 046).

export const NAV_TEXTS: Record<string, string> = {
  overview: /*i18n*/ 'admin.nav.overview',
  payments: /*i18n*/ 'admin.nav.payments',
  bank: /*i18n*/ 'admin.nav.bank',
  loans: /*i18n*/ 'admin.nav.loans',
  arrears: /*i18n*/ 'admin.nav.arrears',
  members: /*i18n*/ 'admin.nav.members',
  applications: /*i18n*/ 'admin.nav.applications',
  exits: /*i18n*/ 'admin.nav.exits',
  messages: /*i18n*/ 'admin.nav.messages',
  recharges: /*i18n*/ 'admin.nav.recharges',
  bonus: /*i18n*/ 'admin.nav.bonus',
  settings: /*i18n*/ 'admin.nav.settings',
  import: /*i18n*/ 'admin.nav.import',
  ledger: /*i18n*/ 'admin.nav.ledger',
  audit: /*i18n*/ 'admin.nav.audit',
};

export const OVERVIEW_HINT_TEXTS: Record<string, string> = {
  savingsHeld: /*i18n*/ 'admin.overview.savingsHeldHint',
  loansOutstanding: /*i18n*/ 'admin.overview.loansOutstandingHint',
  cashInHand: /*i18n*/ 'admin.overview.cashInHandHint',
  interestEarned: /*i18n*/ 'admin.overview.interestEarnedHint',
  overdue: /*i18n*/ 'admin.overview.overdueHint',
  members: /*i18n*/ 'admin.overview.membersHint',
};

export const OVERVIEW_TEXTS: Record<string, string> = {
  savingsHeld: /*i18n*/ 'admin.overview.savingsHeld',
  loansOutstanding: /*i18n*/ 'admin.overview.loansOutstanding',
  cashInHand: /*i18n*/ 'admin.overview.cashInHand',
  interestEarned: /*i18n*/ 'admin.overview.interestEarned',
  overdue: /*i18n*/ 'admin.overview.overdue',
  receiptsPending: /*i18n*/ 'admin.overview.receiptsPending',
  loanApplicationsPending: /*i18n*/ 'admin.overview.loanApplicationsPending',
  loansToDisburse: /*i18n*/ 'admin.overview.loansToDisburse',
  membershipApplicationsPending: /*i18n*/ 'admin.overview.membershipApplicationsPending',
  members: /*i18n*/ 'admin.overview.members',
};
