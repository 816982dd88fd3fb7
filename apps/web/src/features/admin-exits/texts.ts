// Texts chosen by a value, each id written whole for Lingui's extract (decision 046).

export const STATES_TEXTS: Record<string, string> = {
  requested: /*i18n*/ 'admin-exits.states.requested',
  holding: /*i18n*/ 'admin-exits.states.holding',
  closed: /*i18n*/ 'admin-exits.states.closed',
  withdrawn: /*i18n*/ 'admin-exits.states.withdrawn',
};

export const ASKED_BY_TEXTS: Record<string, string> = {
  member: /*i18n*/ 'admin-exits.askedBy.member',
  committee: /*i18n*/ 'admin-exits.askedBy.committee',
};

export const FIELDS_TEXTS: Record<string, string> = {
  leaveOn: /*i18n*/ 'admin-exits.fields.leaveOn',
  payTo: /*i18n*/ 'admin-exits.fields.payTo',
  askedBy: /*i18n*/ 'admin-exits.fields.askedBy',
  reason: /*i18n*/ 'admin-exits.fields.reason',
  leftOn: /*i18n*/ 'admin-exits.fields.leftOn',
  closedOn: /*i18n*/ 'admin-exits.fields.closedOn',
  withdrawnOn: /*i18n*/ 'admin-exits.fields.withdrawnOn',
};

/** The settlement's lines, in the order they add up to the payout. */
export const SETTLEMENT_TEXTS: Record<string, string> = {
  savings: /*i18n*/ 'admin-exits.settlement.savings',
  share_out: /*i18n*/ 'admin-exits.settlement.shareOut',
  loan_owed: /*i18n*/ 'admin-exits.settlement.loanOwed',
  fines_owed: /*i18n*/ 'admin-exits.settlement.finesOwed',
  held_for_guarantees: /*i18n*/ 'admin-exits.settlement.held',
  payout: /*i18n*/ 'admin-exits.settlement.payout',
  shortfall: /*i18n*/ 'admin-exits.settlement.shortfall',
};

/** What the payout settled, as the clearance letter says it. */
export const SETTLED_TEXTS: Record<string, string> = {
  savings: /*i18n*/ 'admin-exits.settled.savings',
  share_out: /*i18n*/ 'admin-exits.settled.shareOut',
  loan_repaid: /*i18n*/ 'admin-exits.settled.loanRepaid',
  fines_paid: /*i18n*/ 'admin-exits.settled.finesPaid',
  dues_closed: /*i18n*/ 'admin-exits.settled.duesClosed',
  paid_out: /*i18n*/ 'admin-exits.settled.paidOut',
  held: /*i18n*/ 'admin-exits.settled.held',
};
