import type { AccountKind } from '@jamiya/contracts/values';
import type { BankStatement, LinkKind, MatchReason } from '@jamiya/contracts/bank';
import type { DateOrder, MappingRole } from './lib/csv-mapping.ts';

// Texts chosen by a value, each id written whole for Lingui's extract (decision 046).

export const FORMAT_TEXTS: Record<BankStatement['format'], string> = {
  csv: /*i18n*/ 'admin-bank.formats.csv',
  camt053: /*i18n*/ 'admin-bank.formats.camt053',
  mt940: /*i18n*/ 'admin-bank.formats.mt940',
};

/** Why a line matches: what its text carries besides the same amount within 7 days. */
export const WHY_TEXTS: Record<MatchReason, string> = {
  bank_reference: /*i18n*/ 'admin-bank.why.bank_reference',
  member_reference: /*i18n*/ 'admin-bank.why.member_reference',
  member_name: /*i18n*/ 'admin-bank.why.member_name',
};

/** What a column of a CSV export may hold, as the mapping's fields name it. */
export const ROLE_TEXTS: Record<MappingRole, string> = {
  date: /*i18n*/ 'admin-bank.mapping.roles.date',
  amount: /*i18n*/ 'admin-bank.mapping.roles.amount',
  credit: /*i18n*/ 'admin-bank.mapping.roles.credit',
  debit: /*i18n*/ 'admin-bank.mapping.roles.debit',
  reference: /*i18n*/ 'admin-bank.mapping.roles.reference',
  description: /*i18n*/ 'admin-bank.mapping.roles.description',
  balance: /*i18n*/ 'admin-bank.mapping.roles.balance',
};

export const DATE_ORDER_TEXTS: Record<DateOrder, string> = {
  dmy: /*i18n*/ 'admin-bank.mapping.orders.dmy',
  mdy: /*i18n*/ 'admin-bank.mapping.orders.mdy',
  ymd: /*i18n*/ 'admin-bank.mapping.orders.ymd',
};

/** The books' movements of cash, by their journal entry's kind. */
export const ENTRY_KIND_TEXTS: Record<string, string> = {
  dues: /*i18n*/ 'admin-bank.entryKinds.dues',
  disbursement: /*i18n*/ 'admin-bank.entryKinds.disbursement',
  repayment: /*i18n*/ 'admin-bank.entryKinds.repayment',
  write_off: /*i18n*/ 'admin-bank.entryKinds.write_off',
  bonus: /*i18n*/ 'admin-bank.entryKinds.bonus',
};

/** The kinds of the chart's accounts, as the "Book as…" list groups them. */
export const ACCOUNT_KIND_TEXTS: Record<AccountKind, string> = {
  asset: /*i18n*/ 'admin-bank.accountKinds.asset',
  liability: /*i18n*/ 'admin-bank.accountKinds.liability',
  equity: /*i18n*/ 'admin-bank.accountKinds.equity',
  income: /*i18n*/ 'admin-bank.accountKinds.income',
  expense: /*i18n*/ 'admin-bank.accountKinds.expense',
};

/** How a line in the books got there. */
export const LINK_TEXTS: Record<LinkKind, string> = {
  match: /*i18n*/ 'admin-bank.linked.match',
  hand: /*i18n*/ 'admin-bank.linked.hand',
  assign: /*i18n*/ 'admin-bank.linked.assign',
  book: /*i18n*/ 'admin-bank.linked.book',
};
