import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { FundProposal } from '@jamiya/contracts/proposals';
import { useProfile } from '../../../api/get-profile.ts';
import { api } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

export type { FundProposal };
export type ProposalAction = FundProposal['action'];

// Money leaving the fund that waits for a second admin (maker-checker): with two or more
// active admins, the first admin's pay-out, write-off or share-out is only proposed.

interface ProposalsList {
  items: FundProposal[];
}

export const getProposalsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'proposals'],
    queryFn: ({ signal }) => api<ProposalsList>('/api/admin/proposals', { signal }),
  });

export const useProposals = (enabled = true) =>
  useQuery({ ...getProposalsQueryOptions(), enabled });

/** The open proposal of `action` on one loan, if any. */
export function useLoanProposal(loanId: number, action: ProposalAction, enabled: boolean) {
  const proposals = useProposals(enabled);
  const proposal = proposals.data?.items.find((p) => p.loan_id === loanId && p.action === action);
  return { proposal, isPending: enabled && proposals.isPending };
}

/**
 * Puts a proposal the server just made in the list at once (the 202 answer carries it), so
 * the page shows the waiting state before the refetch.
 */
export function rememberProposal(queryClient: QueryClient, proposal: FundProposal): void {
  queryClient.setQueryData(getProposalsQueryOptions().queryKey, (list) => ({
    items: [proposal, ...(list?.items ?? []).filter((p) => p.id !== proposal.id)],
  }));
}

export const withdrawProposal = ({ id }: { id: number }, idempotencyKey?: string) =>
  api<{ message: string; proposal: FundProposal }>(`/api/admin/proposals/${id}/withdraw`, {
    json: {},
    idempotencyKey,
  });

/** Any admin may withdraw; a 409 (already decided) leaves the lists out of date: refetch. */
export function useWithdrawProposal() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: withdrawProposal,
    onSuccess: ({ proposal }) =>
      queryClient.setQueryData(getProposalsQueryOptions().queryKey, (list) =>
        list ? { items: list.items.filter((p) => p.id !== proposal.id) } : list,
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}

/** The signed-in admin's own id: a proposer cannot confirm their own proposal. */
export function useMyId(): number | undefined {
  return useProfile().data?.userData.id;
}
