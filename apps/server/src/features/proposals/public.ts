// The door of proposals: two admins for money: proposed, then confirmed.
// What app.ts and other features may use of it; the rest is the feature's own.
export {
  activeAdminCount,
  carriedOutProposals,
  openProposals,
  sameAmount,
  withdrawProposalsAbout,
  withdrawProposalsOf,
  withdrawProposalsOfLoan,
  withSecondAdmin,
  type Decision,
  type ProposalRow,
} from './proposals.ts';
export { proposalAdminRoutes } from './routes.ts';
export { proposedAnswer, replyProposed, toProposalViews } from './views.ts';
