import type { GuaranteeState, LoanState } from '@jamiya/contracts/values';
import type { BadgeTone } from '../../components/status-badge.tsx';

// Texts chosen by a value, each id written whole for Lingui's extract (decision 046).

export const GUARANTEE_STATES_TEXTS: Record<GuaranteeState, string> = {
  asked: /*i18n*/ 'guarantees.states.asked',
  accepted: /*i18n*/ 'guarantees.states.accepted',
  declined: /*i18n*/ 'guarantees.states.declined',
  cancelled: /*i18n*/ 'guarantees.states.cancelled',
  released: /*i18n*/ 'guarantees.states.released',
};

export const GUARANTEE_STATE_TONE: Record<GuaranteeState, BadgeTone> = {
  asked: 'warning',
  accepted: 'brand',
  declined: 'neutral',
  cancelled: 'neutral',
  released: 'success',
};

/** The borrower's loan as its guarantor reads it. */
export const LOAN_STATES_TEXTS: Record<LoanState | 'overdue', string> = {
  pending: /*i18n*/ 'guarantees.loanStates.pending',
  approved: /*i18n*/ 'guarantees.loanStates.approved',
  active: /*i18n*/ 'guarantees.loanStates.active',
  closed: /*i18n*/ 'guarantees.loanStates.closed',
  rejected: /*i18n*/ 'guarantees.loanStates.rejected',
  withdrawn: /*i18n*/ 'guarantees.loanStates.withdrawn',
  written_off: /*i18n*/ 'guarantees.loanStates.written_off',
  overdue: /*i18n*/ 'guarantees.loanStates.overdue',
};
