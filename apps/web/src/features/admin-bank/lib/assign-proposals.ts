import type { FundProposal } from '../../../api/proposals.ts';

// Money without a receipt assigned by one admin waits for a second (proposals of action
// 'bank.assign'). The confirming call repeats the first on the same line: the proposal's details
// name the line (`lineId`) and what it asks (the member, the month or the loan).

/** What an assignment proposal asks: the confirming call sends the same. */
interface AssignAsked {
  memberId: number;
  period: string | null;
  loanId: number | null;
}

export function askedOf(proposal: FundProposal): AssignAsked | null {
  const d = proposal.details as Record<string, unknown> | null;
  if (proposal.action !== 'bank.assign' || typeof d?.memberId !== 'number') return null;
  return {
    memberId: d.memberId,
    period: typeof d.period === 'string' ? d.period : null,
    loanId: typeof d.loanId === 'number' ? d.loanId : null,
  };
}
