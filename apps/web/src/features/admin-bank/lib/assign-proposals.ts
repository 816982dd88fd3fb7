import type { BankLine } from '@jamiya/contracts/bank';
import type { FundProposal } from '../../../api/proposals.ts';

// Money without a receipt assigned by one admin waits for a second (proposals of action
// 'bank.assign'). The confirming call repeats the first on the same line, so the page must set
// each proposal beside its line. The proposal keeps what it asks (the member, the month or the
// loan) and the amount, not the line; a line is named only when its details carry `lineId`.

/** What an assignment proposal asks: the confirming call sends the same. */
export interface AssignAsked {
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

/**
 * The open assignment proposals of these lines, by line id: a proposal that names its line;
 * else the one proposal of an amount when a single line has that amount. Where several lines
 * and proposals share an amount, none of them is paired: the page lists them apart.
 */
export function proposalsByLine(
  lines: readonly BankLine[],
  proposals: readonly FundProposal[],
): Map<number, FundProposal> {
  const paired = new Map<number, FundProposal>();
  const open = proposals.filter((p) => askedOf(p) !== null);
  const lineIds = new Set(lines.map((l) => l.id));
  const rest: FundProposal[] = [];
  for (const p of open) {
    const lineId = (p.details as Record<string, unknown>).lineId;
    if (typeof lineId === 'number') {
      if (lineIds.has(lineId)) paired.set(lineId, p);
    } else rest.push(p);
  }
  const free = lines.filter((l) => !paired.has(l.id));
  for (const p of rest) {
    const sameLines = free.filter((l) => l.amount === p.amount);
    const sameProposals = rest.filter((q) => q.amount === p.amount);
    if (sameLines.length === 1 && sameProposals.length === 1) paired.set(sameLines[0]!.id, p);
  }
  return paired;
}
