import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { FundProposal } from '@jamiya/contracts/proposals';
import { useProfile } from './get-profile.ts';
import { api } from '../lib/api-client.ts';
import { useMoneyMutation } from '../lib/money-mutation.ts';
import { ADMIN_KEY } from './admin-key.ts';

export type { FundProposal };
export type ProposalAction = FundProposal['action'];

// What waits for a second admin (maker-checker, docs/domain/maker-checker.md): with two or more
// active admins, the first admin's pay-out, write-off, cash repayment, share-out, change of an
// admin's status or member's password link is only proposed. Shared by the treasurer's pages:
// one cache entry for the overview, the loans, the share-out and the members.

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

/** The open proposals of `actions` on one loan, or about one member, by action. */
export function useOpenProposals(
  target: { loanId: number } | { memberId: number },
  actions: readonly ProposalAction[],
  enabled = true,
) {
  const proposals = useProposals(enabled && actions.length > 0);
  const about = (p: FundProposal) =>
    'loanId' in target
      ? p.loan_id === target.loanId
      : p.loan_id === null && p.member?.id === target.memberId;
  const byAction = new Map(
    (proposals.data?.items ?? [])
      .filter((p) => actions.includes(p.action) && about(p))
      .map((p) => [p.action, p]),
  );
  return { byAction, isPending: enabled && actions.length > 0 && proposals.isPending };
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
