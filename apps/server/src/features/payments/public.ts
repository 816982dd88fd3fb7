// The door of payments: monthly dues and loan repayments by receipt, and their review.
// What app.ts and other features may use of it; the rest is the feature's own.
export {
  accountSummary,
  accountSummaryColumns,
  toAccountSummary,
  type AccountFigures,
} from './account-summary.ts';
export { paymentAdminRoutes } from './admin-routes.ts';
export { carryOverPaidMonths } from './carried-over.ts';
export {
  duesPeriodsOf,
  paymentsOfMember,
  pendingReceiptCount,
  receiptsWaitingBy,
  toAdminPayments,
} from './admin-views.ts';
export {
  isWaiting,
  linkablePayments,
  paymentsForMatching,
  recordPaymentFromBank,
  waitingPayments,
  type PaymentForMatching,
} from './bank-side.ts';
export { approvePayment } from './review.ts';
export { refuseSavingsBelowHolds, reversePayment } from './reverse.ts';
export { type DuesBehind } from './arrears.ts';
export { duesBehind } from './dues-standing.ts';
export { monthsBehind, settleMonthsAtExit } from './months.ts';
export { chargeFine, duesCalendarRun } from './dues-job.ts';
export { scheduledDuesCalendar } from './dues-inbox.ts';
export { paymentRoutes } from './routes.ts';
export { submitDues, submitLoanRepayment } from './submissions.ts';
