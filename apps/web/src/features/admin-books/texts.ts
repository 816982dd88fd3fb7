import type { AuditAction, AuditGroup, AuditTarget } from '@jamiya/contracts/audit';
import type { AccountKind, CorrectionReason } from '@jamiya/contracts/values';
import type { EntryKind } from './api/get-journal.ts';

// Texts chosen by a value, each id written whole for Lingui's extract (decision 046).

export const AUDIT_GROUPS_TEXTS: Record<AuditGroup, string> = {
  payment: /*i18n*/ 'admin-books.audit.groups.payment',
  loan: /*i18n*/ 'admin-books.audit.groups.loan',
  member: /*i18n*/ 'admin-books.audit.groups.member',
  application: /*i18n*/ 'admin-books.audit.groups.application',
  settings: /*i18n*/ 'admin-books.audit.groups.settings',
  user: /*i18n*/ 'admin-books.audit.groups.user',
  recharge: /*i18n*/ 'admin-books.audit.groups.recharge',
  bonus: /*i18n*/ 'admin-books.audit.groups.bonus',
  proposal: /*i18n*/ 'admin-books.audit.groups.proposal',
  exit: /*i18n*/ 'admin-books.audit.groups.exit',
  guarantee: /*i18n*/ 'admin-books.audit.groups.guarantee',
  import: /*i18n*/ 'admin-books.audit.groups.import',
  bank: /*i18n*/ 'admin-books.audit.groups.bank',
  dues: /*i18n*/ 'admin-books.audit.groups.dues',
  account: /*i18n*/ 'admin-books.audit.groups.account',
  journal: /*i18n*/ 'admin-books.audit.groups.journal',
  entry: /*i18n*/ 'admin-books.audit.groups.entry',
  month: /*i18n*/ 'admin-books.audit.groups.month',
  year: /*i18n*/ 'admin-books.audit.groups.year',
};

export const AUDIT_ACTIONS_TEXTS: Record<AuditAction, string> = {
  'payment.submit': /*i18n*/ 'admin-books.audit.actions.payment.submit',
  'payment.approve': /*i18n*/ 'admin-books.audit.actions.payment.approve',
  'payment.reject': /*i18n*/ 'admin-books.audit.actions.payment.reject',
  'loan.apply': /*i18n*/ 'admin-books.audit.actions.loan.apply',
  'loan.approved': /*i18n*/ 'admin-books.audit.actions.loan.approved',
  'loan.rejected': /*i18n*/ 'admin-books.audit.actions.loan.rejected',
  'loan.active': /*i18n*/ 'admin-books.audit.actions.loan.active',
  'loan.closed': /*i18n*/ 'admin-books.audit.actions.loan.closed',
  'loan.withdrawn': /*i18n*/ 'admin-books.audit.actions.loan.withdrawn',
  'loan.written_off': /*i18n*/ 'admin-books.audit.actions.loan.written_off',
  'loan.cash_repayment': /*i18n*/ 'admin-books.audit.actions.loan.cash_repayment',
  'member.create': /*i18n*/ 'admin-books.audit.actions.member.create',
  'member.activate': /*i18n*/ 'admin-books.audit.actions.member.activate',
  'member.deactivate': /*i18n*/ 'admin-books.audit.actions.member.deactivate',
  'member.password_reset_link': /*i18n*/ 'admin-books.audit.actions.member.password_reset_link',
  'application.submit': /*i18n*/ 'admin-books.audit.actions.application.submit',
  'application.accept': /*i18n*/ 'admin-books.audit.actions.application.accept',
  'application.reject': /*i18n*/ 'admin-books.audit.actions.application.reject',
  'settings.update': /*i18n*/ 'admin-books.audit.actions.settings.update',
  'user.create_admin': /*i18n*/ 'admin-books.audit.actions.user.create_admin',
  'user.password_change': /*i18n*/ 'admin-books.audit.actions.user.password_change',
  'user.password_set_by_link': /*i18n*/ 'admin-books.audit.actions.user.password_set_by_link',
  'user.password_link_issued': /*i18n*/ 'admin-books.audit.actions.user.password_link_issued',
  'user.password_reset_requested':
    /*i18n*/ 'admin-books.audit.actions.user.password_reset_requested',
  'user.passkey_add': /*i18n*/ 'admin-books.audit.actions.user.passkey_add',
  'user.passkey_remove': /*i18n*/ 'admin-books.audit.actions.user.passkey_remove',
  'user.passkey_suspend': /*i18n*/ 'admin-books.audit.actions.user.passkey_suspend',
  'user.profile_update': /*i18n*/ 'admin-books.audit.actions.user.profile_update',
  'user.language': /*i18n*/ 'admin-books.audit.actions.user.language',
  'recharge.request': /*i18n*/ 'admin-books.audit.actions.recharge.request',
  'recharge.done': /*i18n*/ 'admin-books.audit.actions.recharge.done',
  'recharge.refuse': /*i18n*/ 'admin-books.audit.actions.recharge.refuse',
  'proposal.make': /*i18n*/ 'admin-books.audit.actions.proposal.make',
  'proposal.confirm': /*i18n*/ 'admin-books.audit.actions.proposal.confirm',
  'proposal.withdraw': /*i18n*/ 'admin-books.audit.actions.proposal.withdraw',
  'import.apply': /*i18n*/ 'admin-books.audit.actions.import.apply',
  'bank.statement_import': /*i18n*/ 'admin-books.audit.actions.bank.statement_import',
  'bank.link': /*i18n*/ 'admin-books.audit.actions.bank.link',
  'payment.from_bank': /*i18n*/ 'admin-books.audit.actions.payment.from_bank',
  'dues.salary_late': /*i18n*/ 'admin-books.audit.actions.dues.salary_late',
  'dues.fine_waive': /*i18n*/ 'admin-books.audit.actions.dues.fine_waive',
  'exit.request': /*i18n*/ 'admin-books.audit.actions.exit.request',
  'exit.withdraw': /*i18n*/ 'admin-books.audit.actions.exit.withdraw',
  'exit.payout': /*i18n*/ 'admin-books.audit.actions.exit.payout',
  'exit.close': /*i18n*/ 'admin-books.audit.actions.exit.close',
  'account.create': /*i18n*/ 'admin-books.audit.actions.account.create',
  'account.update': /*i18n*/ 'admin-books.audit.actions.account.update',
  'account.retire': /*i18n*/ 'admin-books.audit.actions.account.retire',
  'account.delete': /*i18n*/ 'admin-books.audit.actions.account.delete',
  'payment.reverse': /*i18n*/ 'admin-books.audit.actions.payment.reverse',
  'loan.pending': /*i18n*/ 'admin-books.audit.actions.loan.pending',
  'guarantee.accept': /*i18n*/ 'admin-books.audit.actions.guarantee.accept',
  'guarantee.decline': /*i18n*/ 'admin-books.audit.actions.guarantee.decline',
  'bank.statement_delete': /*i18n*/ 'admin-books.audit.actions.bank.statement_delete',
  'bank.unlink': /*i18n*/ 'admin-books.audit.actions.bank.unlink',
  'bank.release': /*i18n*/ 'admin-books.audit.actions.bank.release',
  'bank.book': /*i18n*/ 'admin-books.audit.actions.bank.book',
  'bank.assign': /*i18n*/ 'admin-books.audit.actions.bank.assign',
  'journal.post': /*i18n*/ 'admin-books.audit.actions.journal.post',
  'entry.reverse': /*i18n*/ 'admin-books.audit.actions.entry.reverse',
  'bonus.close': /*i18n*/ 'admin-books.audit.actions.bonus.close',
  'month.lock': /*i18n*/ 'admin-books.audit.actions.month.lock',
  'year.arrears_review': /*i18n*/ 'admin-books.audit.actions.year.arrears_review',
  'year.close': /*i18n*/ 'admin-books.audit.actions.year.close',
  'year.reopen': /*i18n*/ 'admin-books.audit.actions.year.reopen',
};

/** What an event is about, for the targets without a page of their own to link to. */
export const AUDIT_TARGETS_TEXTS: Record<Exclude<AuditTarget, 'settings' | 'proposal'>, string> = {
  user: /*i18n*/ 'admin-books.audit.targets.user',
  loan: /*i18n*/ 'admin-books.audit.targets.loan',
  payment: /*i18n*/ 'admin-books.audit.targets.payment',
  membership_application: /*i18n*/ 'admin-books.audit.targets.application',
  recharge_request: /*i18n*/ 'admin-books.audit.targets.recharge',
  bonus_period: /*i18n*/ 'admin-books.audit.targets.bonusPeriod',
  import: /*i18n*/ 'admin-books.audit.targets.import',
  bank_statement: /*i18n*/ 'admin-books.audit.targets.bankStatement',
  bank_line: /*i18n*/ 'admin-books.audit.targets.bankLine',
  journal_entry: /*i18n*/ 'admin-books.audit.targets.journalEntry',
  account: /*i18n*/ 'admin-books.audit.targets.account',
  month: /*i18n*/ 'admin-books.audit.targets.month',
  year: /*i18n*/ 'admin-books.audit.targets.year',
};

export const KINDS_TEXTS: Record<EntryKind, string> = {
  dues: /*i18n*/ 'admin-books.kinds.dues',
  disbursement: /*i18n*/ 'admin-books.kinds.disbursement',
  repayment: /*i18n*/ 'admin-books.kinds.repayment',
  write_off: /*i18n*/ 'admin-books.kinds.write_off',
  reversal: /*i18n*/ 'admin-books.kinds.reversal',
  bonus: /*i18n*/ 'admin-books.kinds.bonus',
  opening: /*i18n*/ 'admin-books.kinds.opening',
  fine: /*i18n*/ 'admin-books.kinds.fine',
  fine_waiver: /*i18n*/ 'admin-books.kinds.fine_waiver',
  exit: /*i18n*/ 'admin-books.kinds.exit',
  recovery: /*i18n*/ 'admin-books.kinds.recovery',
  booking: /*i18n*/ 'admin-books.kinds.booking',
  journal: /*i18n*/ 'admin-books.kinds.journal',
  closing: /*i18n*/ 'admin-books.kinds.closing',
};

export const LEDGER_TYPES_TEXTS: Record<AccountKind, string> = {
  asset: /*i18n*/ 'admin-books.ledger.types.asset',
  liability: /*i18n*/ 'admin-books.ledger.types.liability',
  equity: /*i18n*/ 'admin-books.ledger.types.equity',
  income: /*i18n*/ 'admin-books.ledger.types.income',
  expense: /*i18n*/ 'admin-books.ledger.types.expense',
};

export const SETTINGS_POLICY_TEXTS: Record<string, string> = {
  minimum: /*i18n*/ 'admin-books.settings.policy.minimum',
  maximum: /*i18n*/ 'admin-books.settings.policy.maximum',
  step: /*i18n*/ 'admin-books.settings.policy.step',
  default: /*i18n*/ 'admin-books.settings.policy.default',
  terms: /*i18n*/ 'admin-books.settings.policy.terms',
};

export const SETTINGS_RECHARGE_TEXTS: Record<string, string> = {
  minimum: /*i18n*/ 'admin-books.settings.recharge.minimum',
  maximum: /*i18n*/ 'admin-books.settings.recharge.maximum',
};

export const SETTINGS_POLICY_CHARGE_TEXTS: Record<string, string> = {
  interest: /*i18n*/ 'admin-books.settings.policy.charge.interest',
  service_charge: /*i18n*/ 'admin-books.settings.policy.charge.service_charge',
};

export const SETTINGS_LANGUAGES_TEXTS: Record<string, string> = {
  status: /*i18n*/ 'admin-books.settings.languages.status',
  terms: /*i18n*/ 'admin-books.settings.languages.terms',
  instructions: /*i18n*/ 'admin-books.settings.languages.instructions',
};

export const ACCOUNTS_TEXTS: Record<string, string> = {
  cash: /*i18n*/ 'admin-books.accounts.cash',
  cash_box: /*i18n*/ 'admin-books.accounts.cash_box',
  interest_income: /*i18n*/ 'admin-books.accounts.interest_income',
  loan_losses: /*i18n*/ 'admin-books.accounts.loan_losses',
  opening_equity: /*i18n*/ 'admin-books.accounts.opening_equity',
  savings: /*i18n*/ 'admin-books.accounts.savings',
  loan: /*i18n*/ 'admin-books.accounts.loan',
  fines_income: /*i18n*/ 'admin-books.accounts.fines_income',
  fines: /*i18n*/ 'admin-books.accounts.fines',
};

/** The chart's groups, as the trial balance and the chart of accounts head them. */
export const ACCOUNT_GROUPS_TEXTS: Record<AccountKind, string> = {
  asset: /*i18n*/ 'admin-books.groups.asset',
  liability: /*i18n*/ 'admin-books.groups.liability',
  equity: /*i18n*/ 'admin-books.groups.equity',
  income: /*i18n*/ 'admin-books.groups.income',
  expense: /*i18n*/ 'admin-books.groups.expense',
};

/** Why an entry is corrected, in words (the member reads it on their statement). */
export const CORRECTION_REASONS_TEXTS: Record<CorrectionReason, string> = {
  wrong_member: /*i18n*/ 'admin-books.reasons.wrong_member',
  wrong_month: /*i18n*/ 'admin-books.reasons.wrong_month',
  wrong_amount: /*i18n*/ 'admin-books.reasons.wrong_amount',
  duplicate: /*i18n*/ 'admin-books.reasons.duplicate',
  wrong_account: /*i18n*/ 'admin-books.reasons.wrong_account',
  other: /*i18n*/ 'admin-books.reasons.other',
};
