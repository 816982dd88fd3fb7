import { useProposals, type FundProposal } from '../../../api/proposals.ts';
import type { ShareFlags } from '../lib/period.ts';

// With two or more active admins a share-out is first proposed, then closed by another
// admin asking for the same dates and choice (maker-checker). The list is the admin area's own
// (src/api/proposals.ts, the same cache entry as the overview's and the loans').

export interface BonusProposal {
  proposal: FundProposal;
  starts_on: string;
  ends_on: string;
  /** What it shares besides the interest: the confirming call must repeat it. */
  choice: ShareFlags;
}

/** The open share-out proposal, with the dates the confirming call must repeat. */
export function useBonusProposal() {
  const proposals = useProposals();
  const proposal = proposals.data?.items.find((p) => p.action === 'bonus.close');
  const d = proposal?.details as
    { startsOn?: unknown; endsOn?: unknown; choice?: Record<string, unknown> } | null | undefined;
  const open: BonusProposal | undefined =
    proposal && typeof d?.startsOn === 'string' && typeof d.endsOn === 'string'
      ? {
          proposal,
          starts_on: d.startsOn,
          ends_on: d.endsOn,
          choice: {
            share_fines: d.choice?.fines === true,
            share_other_income: d.choice?.otherIncome === true,
            less_expenses: d.choice?.lessExpenses === true,
          },
        }
      : undefined;
  return { open, isPending: proposals.isPending };
}
