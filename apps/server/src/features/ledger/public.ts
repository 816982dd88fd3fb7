// The door of ledger: the association's books: accounts, balanced entries, the journal.
// What app.ts and other features may use of it; the rest is the feature's own.
export { ledgerAdminRoutes } from './admin-routes.ts';
export { chartRoutes } from './chart-routes.ts';
export { accountNameIn, type AccountNames, type AccountRef } from './accounts.ts';
export { accountNames, isBookable } from './chart.ts';
export { booksBeganOn } from './began.ts';
export { usableAccount, type Usable } from './usable.ts';
export {
  accountBalanceFils,
  loanReceivableFils,
  memberSavingsFils,
  savingsByMember,
} from './balances.ts';
export {
  cashAtEndOf,
  cashMovements,
  cashMovementsNotInBank,
  firstCashMovementsNotInBank,
  movesCashAfter,
  entryOfPayment,
  otherSideOfCash,
  type CashMovement,
} from './cash.ts';
export { bookFigures, describeMovement, REVERSIBLE, type EntryKind } from './journal.ts';
export type { CorrectionOf } from './correction-text.ts';
export { postEntries, postEntry, reverseEntry, type EntryInput } from './ledger.ts';
export {
  entryWithPostings,
  laterRepaymentOf,
  type EntryRow,
  type EntryWithPostings,
} from './entries.ts';
export { moneyInHandFils } from './month-totals.ts';
export { incomeStatement, type IncomeLine } from './income-statement.ts';
export { loanMovements } from './loan-movements.ts';
export { reportHtml } from './report-html.ts';
export {
  reportAmount,
  type ReportBlock,
  type ReportColumn,
  type ReportDocument,
  type ReportRow,
} from './report-pdf.ts';
export { reportPdfInPool } from './report-pool.ts';
export { interestPostedOn, memberMovements } from './movements.ts';
export { classBalancesAtEndOf, monthTotalsOfPostings } from './month-totals.ts';
export {
  finesReceivedFils,
  firstEntryDate,
  interestEarnedFils,
  memberWeights,
  savingsByDay,
  type MemberWeight,
} from './period-sums.ts';
export {
  holdMonthLocks,
  monthLocksList,
  monthOfMoment,
  writeMonthLock,
  type MonthLock,
} from './month-locks.ts';
export {
  closingLinesAt,
  postClosingEntry,
  reverseClosingEntry,
  surplusOf,
  type ClosingLine,
} from './closing.ts';
export {
  memberAccountsAt,
  postingsOfSpan,
  type LedgerPosting,
  type MemberAccounts,
} from './general-ledger.ts';
export { namedIncomeStatement } from './income-statement-report.ts';
export { namedTrialBalance } from './trial-balance-report.ts';
