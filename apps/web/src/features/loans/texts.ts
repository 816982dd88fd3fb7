// Texts chosen by a value, each id written whole for Lingui's extract (decision 046).

export const APPLY_OPEN_LOAN_TEXTS: Record<string, string> = {
  pending: /*i18n*/ 'loans.apply.openLoan.pending',
  approved: /*i18n*/ 'loans.apply.openLoan.approved',
  active: /*i18n*/ 'loans.apply.openLoan.active',
};

export const LOAN_TYPES_TEXTS: Record<string, string> = {
  personal: /*i18n*/ 'loans.loanTypes.personal',
  personalLoan: /*i18n*/ 'loans.loanTypes.personalLoan',
  businessLoan: /*i18n*/ 'loans.loanTypes.businessLoan',
  education: /*i18n*/ 'loans.loanTypes.education',
  medical: /*i18n*/ 'loans.loanTypes.medical',
  emergency: /*i18n*/ 'loans.loanTypes.emergency',
  other: /*i18n*/ 'loans.loanTypes.other',
};

export const MY_LOAN_TRANSITIONS_TEXTS: Record<string, string> = {
  pending: /*i18n*/ 'loans.myLoan.transitions.pending',
  approved: /*i18n*/ 'loans.myLoan.transitions.approved',
  active: /*i18n*/ 'loans.myLoan.transitions.active',
  closed: /*i18n*/ 'loans.myLoan.transitions.closed',
  rejected: /*i18n*/ 'loans.myLoan.transitions.rejected',
  withdrawn: /*i18n*/ 'loans.myLoan.transitions.withdrawn',
  written_off: /*i18n*/ 'loans.myLoan.transitions.written_off',
};

/** A loan the association brought in from its own books: active from no state. */
export const MY_LOAN_BROUGHT_IN = /*i18n*/ 'loans.myLoan.broughtIn';

export const MY_LOAN_BY_TEXTS: Record<string, string> = {
  member: /*i18n*/ 'loans.myLoan.by.member',
  admin: /*i18n*/ 'loans.myLoan.by.admin',
  system: /*i18n*/ 'loans.myLoan.by.system',
};

export const MY_LOAN_INSTALLMENT_STATES_TEXTS: Record<string, string> = {
  paid: /*i18n*/ 'loans.myLoan.installmentStates.paid',
  partly_paid: /*i18n*/ 'loans.myLoan.installmentStates.partly_paid',
  unpaid: /*i18n*/ 'loans.myLoan.installmentStates.unpaid',
  overdue: /*i18n*/ 'loans.myLoan.installmentStates.overdue',
};

export const STATES_TEXTS: Record<string, string> = {
  pending: /*i18n*/ 'loans.states.pending',
  approved: /*i18n*/ 'loans.states.approved',
  active: /*i18n*/ 'loans.states.active',
  closed: /*i18n*/ 'loans.states.closed',
  rejected: /*i18n*/ 'loans.states.rejected',
  withdrawn: /*i18n*/ 'loans.states.withdrawn',
  written_off: /*i18n*/ 'loans.states.written_off',
  overdue: /*i18n*/ 'loans.states.overdue',
};

export const MY_LOAN_TEXTS: Record<string, string> = {
  amount: /*i18n*/ 'loans.myLoan.amount',
  total: /*i18n*/ 'loans.myLoan.total',
  paid: /*i18n*/ 'loans.myLoan.paid',
  remaining: /*i18n*/ 'loans.myLoan.remaining',
  perMonth: /*i18n*/ 'loans.myLoan.perMonth',
  term: /*i18n*/ 'loans.myLoan.term',
  repayment: /*i18n*/ 'loans.myLoan.repayment',
  reason: /*i18n*/ 'loans.myLoan.reason',
};

export const GUARANTEE_STATES_TEXTS: Record<string, string> = {
  asked: /*i18n*/ 'loans.myLoan.guarantors.states.asked',
  accepted: /*i18n*/ 'loans.myLoan.guarantors.states.accepted',
  declined: /*i18n*/ 'loans.myLoan.guarantors.states.declined',
  cancelled: /*i18n*/ 'loans.myLoan.guarantors.states.cancelled',
  released: /*i18n*/ 'loans.myLoan.guarantors.states.released',
};
