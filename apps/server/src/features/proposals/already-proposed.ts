import type { ProposalAction } from '../../db/schema/proposals.ts';

/** What the proposer hears who makes their own proposal's call again: a second admin must. */
export const ALREADY_PROPOSED: Record<ProposalAction, string> = {
  'loan.disburse':
    /*i18n*/ 'You proposed paying out this loan; a second admin must confirm it, or withdraw the proposal.',
  'loan.write_off':
    /*i18n*/ 'You proposed writing off this loan; a second admin must confirm it, or withdraw the proposal.',
  'loan.cash_repayment':
    /*i18n*/ 'You proposed recording this cash repayment; a second admin must confirm it, or withdraw the proposal.',
  'bonus.close':
    /*i18n*/ 'You proposed closing this share-out; a second admin must confirm it, or withdraw the proposal.',
  'member.deactivate':
    /*i18n*/ 'You proposed making this admin inactive; a second admin must confirm it, or withdraw the proposal.',
  'member.activate':
    /*i18n*/ 'You proposed making this admin active again; a second admin must confirm it, or withdraw the proposal.',
  'member.password_link':
    /*i18n*/ 'You proposed a link to set a new password for this member; a second admin must confirm it, or withdraw the proposal.',
  'import.apply':
    /*i18n*/ 'You proposed applying this import; a second admin must confirm it, or withdraw the proposal.',
  'bank.assign':
    /*i18n*/ 'You proposed assigning this bank line; a second admin must confirm it, or withdraw the proposal.',
  'fine.waive':
    /*i18n*/ 'You proposed waiving this fine; a second admin must confirm it, or withdraw the proposal.',
  'exit.payout':
    /*i18n*/ 'You proposed paying out this member who leaves; a second admin must confirm it, or withdraw the proposal.',
  'bank.book':
    /*i18n*/ 'You proposed booking this bank line; a second admin must confirm it, or withdraw the proposal.',
  'journal.post':
    /*i18n*/ 'You proposed this entry; a second admin must confirm it, or withdraw the proposal.',
  'entry.reverse':
    /*i18n*/ 'You proposed correcting this entry; a second admin must confirm it, or withdraw the proposal.',
  'settings.money_paths':
    /*i18n*/ 'You proposed new payment instructions; a second admin must confirm them, or withdraw the proposal.',
  'month.lock':
    /*i18n*/ 'You proposed locking this month; a second admin must confirm it, or withdraw the proposal.',
  'year.close':
    /*i18n*/ 'You proposed closing this year; a second admin must confirm it, or withdraw the proposal.',
  'year.reopen':
    /*i18n*/ 'You proposed reopening this year; a second admin must confirm it, or withdraw the proposal.',
};
