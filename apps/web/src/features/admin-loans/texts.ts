// Texts chosen by a value, each id written whole for Lingui's extract (decision 046).

export const LOAN_NO_ACTIONS_TEXTS: Record<string, string> = {
  closed: /*i18n*/ 'admin-loans.loan.noActions.closed',
  rejected: /*i18n*/ 'admin-loans.loan.noActions.rejected',
  withdrawn: /*i18n*/ 'admin-loans.loan.noActions.withdrawn',
  written_off: /*i18n*/ 'admin-loans.loan.noActions.written_off',
};

export const LOAN_TYPES_TEXTS: Record<string, string> = {
  personal: /*i18n*/ 'admin-loans.loanTypes.personal',
  personalLoan: /*i18n*/ 'admin-loans.loanTypes.personalLoan',
  businessLoan: /*i18n*/ 'admin-loans.loanTypes.businessLoan',
  education: /*i18n*/ 'admin-loans.loanTypes.education',
  medical: /*i18n*/ 'admin-loans.loanTypes.medical',
  emergency: /*i18n*/ 'admin-loans.loanTypes.emergency',
  other: /*i18n*/ 'admin-loans.loanTypes.other',
};

export const LOANS_STATES_TEXTS: Record<string, string> = {
  pending: /*i18n*/ 'admin-loans.loans.states.pending',
  approved: /*i18n*/ 'admin-loans.loans.states.approved',
  active: /*i18n*/ 'admin-loans.loans.states.active',
  closed: /*i18n*/ 'admin-loans.loans.states.closed',
  rejected: /*i18n*/ 'admin-loans.loans.states.rejected',
  withdrawn: /*i18n*/ 'admin-loans.loans.states.withdrawn',
  written_off: /*i18n*/ 'admin-loans.loans.states.written_off',
  overdue: /*i18n*/ 'admin-loans.loans.states.overdue',
};

export const LOAN_INSTALLMENT_STATES_TEXTS: Record<string, string> = {
  paid: /*i18n*/ 'admin-loans.loan.installmentStates.paid',
  partly_paid: /*i18n*/ 'admin-loans.loan.installmentStates.partly_paid',
  unpaid: /*i18n*/ 'admin-loans.loan.installmentStates.unpaid',
  overdue: /*i18n*/ 'admin-loans.loan.installmentStates.overdue',
};

export const LOAN_TRANSITIONS_TEXTS: Record<string, string> = {
  pending: /*i18n*/ 'admin-loans.loan.transitions.pending',
  approved: /*i18n*/ 'admin-loans.loan.transitions.approved',
  active: /*i18n*/ 'admin-loans.loan.transitions.active',
  closed: /*i18n*/ 'admin-loans.loan.transitions.closed',
  rejected: /*i18n*/ 'admin-loans.loan.transitions.rejected',
  withdrawn: /*i18n*/ 'admin-loans.loan.transitions.withdrawn',
  written_off: /*i18n*/ 'admin-loans.loan.transitions.written_off',
};

export const LOAN_BY_TEXTS: Record<string, string> = {
  member: /*i18n*/ 'admin-loans.loan.by.member',
  admin: /*i18n*/ 'admin-loans.loan.by.admin',
  system: /*i18n*/ 'admin-loans.loan.by.system',
};

export const GUARANTEE_STATES_TEXTS: Record<string, string> = {
  asked: /*i18n*/ 'admin-loans.guarantors.states.asked',
  accepted: /*i18n*/ 'admin-loans.guarantors.states.accepted',
  declined: /*i18n*/ 'admin-loans.guarantors.states.declined',
  cancelled: /*i18n*/ 'admin-loans.guarantors.states.cancelled',
  released: /*i18n*/ 'admin-loans.guarantors.states.released',
};
