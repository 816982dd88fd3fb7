// The door of loans: loans from application to closed, and their repayments.
// What app.ts and other features may use of it; the rest is the feature's own.
export { loanAdminRoutes } from './admin-routes.ts';
export {
  applyForLoan,
  INACTIVE_MEMBER,
  openLoanSentence,
  type LoanApplication,
  type Standing,
} from './apply.ts';
export { guaranteeRoutes } from './guarantee-routes.ts';
export { declineAsksOf } from './guarantee-answers.ts';
export { heldByGuarantor, recoveredFromGuarantorSince } from './holds.ts';
export { bringInLoans, loanAtCutOver, type LoanBeforeCutOver } from './bring-in.ts';
export { approveLoan } from './decisions.ts';
export { disburseLoan } from './disburse.ts';
export { installmentsOf, outstandingFils } from './installments.ts';
export { toAdminLoanView, toLoanView } from './loan-view.ts';
export {
  activeLoanId,
  lastWrittenOffOn,
  openLoanOf,
  loanCountIn,
  loanOwnerAndState,
  loanOwners,
  loansOfMember,
  openingInterestOwedOf,
  overdueInstallments,
  owedOnActiveLoans,
  scheduledInterestOf,
} from './lookup.ts';
export { sendInstallmentReminders } from './reminders.ts';
export { applyRepayment } from './repayment.ts';
export { reverseRepayment, type Correction } from './reverse-repayment.ts';
export { loanRoutes } from './routes.ts';
export { overdueByMember, portfolioAtRiskOn, type PortfolioAtRisk } from './at-risk.ts';
