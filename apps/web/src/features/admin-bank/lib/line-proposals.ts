import type { BankLine } from '@jamiya/contracts/bank';
import type { FundProposal } from '../../../api/proposals.ts';
import { askedOf } from './assign-proposals.ts';

// A line booked to an account by one admin waits for a second when its money goes out (proposals
// of action 'bank.book', details `{ lineId, account, memo }`); the confirming call repeats the
// first. A line has one open proposal at most, an assignment's or a booking's.

/** What a booking proposal asks: the confirming call sends the same. */
export interface BookAsked {
  account: string;
  memo: string | null;
}

export function bookAskedOf(proposal: FundProposal): BookAsked | null {
  const d = proposal.details as Record<string, unknown> | null;
  if (proposal.action !== 'bank.book' || typeof d?.account !== 'string') return null;
  return { account: d.account, memo: typeof d.memo === 'string' && d.memo !== '' ? d.memo : null };
}

/** The open assignment and booking proposals of these lines, by line id. */
export function proposalsByLine(
  lines: readonly BankLine[],
  proposals: readonly FundProposal[],
): Map<number, FundProposal> {
  const lineIds = new Set(lines.map((l) => l.id));
  const paired = new Map<number, FundProposal>();
  for (const p of proposals) {
    const lineId = (p.details as Record<string, unknown> | null)?.lineId;
    const isAboutLine = askedOf(p) !== null || bookAskedOf(p) !== null;
    if (isAboutLine && typeof lineId === 'number' && lineIds.has(lineId)) paired.set(lineId, p);
  }
  return paired;
}
