import type { FundProposal } from '../../../api/proposals.ts';

/** A two-admin call's 202: proposed, waiting for a second admin (docs/domain/maker-checker.md). */
export interface ProposedAnswer {
  message: string;
  pending_confirmation: true;
  proposal: FundProposal;
}

export const isProposed = <T extends object>(answer: T): answer is Extract<T, ProposedAnswer> =>
  'pending_confirmation' in answer && answer.pending_confirmation === true;
