// The door of ledger: the association's books: accounts, balanced entries, the journal.
// What app.ts and other features may use of it; the rest is the feature's own.
export { ledgerAdminRoutes } from './admin-routes.ts';
export {
  accountBalanceFils,
  loanReceivableFils,
  memberSavingsFils,
  savingsByMember,
} from './balances.ts';
export { cashAtEndOf, cashMovements, entryOfPayment, type CashMovement } from './cash.ts';
export { bookFigures, describeMovement, type EntryKind } from './journal.ts';
export { postEntry } from './ledger.ts';
export { interestPostedOn, memberMovements } from './movements.ts';
export { monthTotalsOfPostings } from './month-totals.ts';
export {
  firstEntryDate,
  interestEarnedFils,
  memberWeights,
  type MemberWeight,
} from './period-sums.ts';
