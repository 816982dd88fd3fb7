import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminExit, ExitState, adminExitAnswer } from '@jamiya/contracts/exits';
import type { proposalProposedResponse } from '@jamiya/contracts/proposals';
import { api } from '../lib/api-client.ts';
import { useMoneyMutation } from '../lib/money-mutation.ts';
import { downloadFile } from '../lib/save-file.ts';
import { ADMIN_KEY } from './admin-key.ts';
import { rememberProposal, type FundProposal } from './proposals.ts';

export type { AdminExit, ExitState };

// Members leaving the association (docs/domain/leaving.md), as the treasurer's pages see them:
// the list on /admin/exits, and the committee ending a membership from a member's page. The
// payout is money leaving the fund: with two or more active admins the first call proposes it
// (action 'exit.payout') and another admin repeats the same call, with the same amount, to carry
// it out.

/** Still to settle: waiting for the payout, or paid but for savings held by guarantees. */
export const OPEN_EXIT_STATES: readonly ExitState[] = ['requested', 'holding'];
export const isOpenExit = (exit: Pick<AdminExit, 'state'>) => OPEN_EXIT_STATES.includes(exit.state);

interface ExitsList {
  items: AdminExit[];
}

export const getAdminExitsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'exits'],
    queryFn: ({ signal }) => api<ExitsList>('/api/admin/exits', { signal }),
  });

/** Open ones first (requested, holding), then the recent closed and withdrawn ones. */
export const useAdminExits = (enabled = true) =>
  useQuery({ ...getAdminExitsQueryOptions(), enabled });

type ExitAnswer = z.infer<typeof adminExitAnswer>;

export interface EndMembershipVariables {
  memberId: number;
  leave_on: string;
  pay_to: string;
  reason: string;
}

export const endMembership = ({ memberId, ...body }: EndMembershipVariables) =>
  api<ExitAnswer>(`/api/admin/members/${memberId}/exit`, { json: body });

/** The committee ends a membership: the exit joins the list at once, the rest refetches. */
export function useEndMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endMembership,
    onSuccess: ({ exit }) => putExit(queryClient, exit),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}

/** 200: paid out; 202: proposed, waiting for a second admin. */
export type PayoutAnswer = ExitAnswer | z.infer<typeof proposalProposedResponse>;

export const isPayoutProposed = (
  answer: PayoutAnswer,
): answer is z.infer<typeof proposalProposedResponse> =>
  'pending_confirmation' in answer && answer.pending_confirmation;

export interface PayoutVariables {
  exitId: number;
  /** The settlement's payout as shown (AED): a payout that moved since is refused (409). */
  amount: number;
}

export const payOutExit = ({ exitId, amount }: PayoutVariables, idempotencyKey?: string) =>
  api<PayoutAnswer>(`/api/admin/exits/${exitId}/payout`, { json: { amount }, idempotencyKey });

/** Pays out, proposes or confirms; the list, the proposals and the overview follow. */
export function usePayOutExit() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: payOutExit,
    onSuccess: (answer) => {
      if (isPayoutProposed(answer)) rememberProposal(queryClient, answer.proposal);
      else putExit(queryClient, answer.exit);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}

/** An exit as the server now has it, in the list at once (new ones first). */
function putExit(queryClient: QueryClient, exit: AdminExit) {
  queryClient.setQueryData(getAdminExitsQueryOptions().queryKey, (list) => {
    if (!list) return list;
    const known = list.items.some((e) => e.id === exit.id);
    return {
      items: known ? list.items.map((e) => (e.id === exit.id ? exit : e)) : [exit, ...list.items],
    };
  });
}

/**
 * What a payout proposal is about: the member (one open exit each) and, where the proposal
 * keeps it, the exit. Null for any other proposal.
 */
export function exitPayoutOf(
  proposal: FundProposal,
): { memberId: number; exitId: number | null } | null {
  if (proposal.action !== 'exit.payout' || !proposal.member) return null;
  const details = proposal.details as Record<string, unknown> | null;
  const exitId = details?.exitId ?? details?.exit_id;
  return {
    memberId: proposal.member.id,
    exitId: typeof exitId === 'number' ? exitId : null,
  };
}

/** The open payout proposal of an exit, if any. */
export function payoutProposalOf(
  exit: AdminExit,
  proposals: readonly FundProposal[],
): FundProposal | undefined {
  return proposals.find((p) => {
    const about = exitPayoutOf(p);
    return (
      about !== null &&
      about.memberId === exit.member.id &&
      (about.exitId === null || about.exitId === exit.id)
    );
  });
}

/** The clearance letter (PDF) of a closed exit, behind the bearer token. */
export const downloadClearanceLetter = ({ id, uniqueId }: { id: number; uniqueId: string }) =>
  downloadFile(`/api/admin/exits/${id}/clearance-letter`, `clearance-letter-${uniqueId}.pdf`);

export const useDownloadClearanceLetter = () =>
  useMutation({ mutationFn: downloadClearanceLetter });
