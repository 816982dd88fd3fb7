import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { FundProposal } from '@jamiya/contracts/proposals';
import { useProfile } from '../../../api/get-profile.ts';
import { api } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

export type { FundProposal };

// With two or more active admins a share-out is first proposed, then closed by another
// admin asking for the same dates (maker-checker). The list is the admin area's own
// (GET /api/admin/proposals, the same cache entry as the overview's and the loans').

const proposalsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'proposals'],
    queryFn: ({ signal }) => api<{ items: FundProposal[] }>('/api/admin/proposals', { signal }),
  });

export interface BonusProposal {
  proposal: FundProposal;
  starts_on: string;
  ends_on: string;
}

/** The open share-out proposal, with the dates the confirming call must repeat. */
export function useBonusProposal() {
  const proposals = useQuery(proposalsQueryOptions());
  const proposal = proposals.data?.items.find((p) => p.action === 'bonus.close');
  const d = proposal?.details as { startsOn?: unknown; endsOn?: unknown } | null | undefined;
  const open: BonusProposal | undefined =
    proposal && typeof d?.startsOn === 'string' && typeof d.endsOn === 'string'
      ? { proposal, starts_on: d.startsOn, ends_on: d.endsOn }
      : undefined;
  return { open, isPending: proposals.isPending };
}

/** Shows a proposal the 202 answer carries at once, before the refetch. */
export function rememberBonusProposal(queryClient: QueryClient, proposal: FundProposal): void {
  queryClient.setQueryData(proposalsQueryOptions().queryKey, (list) => ({
    items: [proposal, ...(list?.items ?? []).filter((p) => p.id !== proposal.id)],
  }));
}

const withdrawProposal = ({ id }: { id: number }, idempotencyKey?: string) =>
  api<{ message: string; proposal: FundProposal }>(`/api/admin/proposals/${id}/withdraw`, {
    json: {},
    idempotencyKey,
  });

/** Any admin may withdraw it; a 409 (already decided) refetches what stands. */
export function useWithdrawBonusProposal() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: withdrawProposal,
    onSuccess: ({ proposal }) =>
      queryClient.setQueryData(proposalsQueryOptions().queryKey, (list) =>
        list ? { items: list.items.filter((p) => p.id !== proposal.id) } : list,
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}

/** The signed-in admin's id: the proposer cannot confirm their own proposal. */
export const useMyId = (): number | undefined => useProfile().data?.userData.id;
