// The door of borrowing: whether a member may borrow and how much, and the loan application
// checked against the association's rules (above loans and payments, as it reads both).
// What app.ts and other features may use of it; the rest is the feature's own.
export { loanEligibility, type Eligibility } from './eligibility.ts';
export { borrowingRoutes } from './routes.ts';
