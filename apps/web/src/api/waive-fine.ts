import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { fineWaived } from '@jamiya/contracts/payments';
import type { proposalProposedResponse } from '@jamiya/contracts/proposals';
import { api } from '../lib/api-client.ts';
import { useMoneyMutation } from '../lib/money-mutation.ts';
import { ADMIN_KEY } from './admin-key.ts';
import { getMemberFinesQueryOptions } from './get-member-fines.ts';
import { rememberProposal, type FundProposal } from './proposals.ts';

// A month's late fine waived by an admin, with a reason the member reads (docs/domain/dues.md).
// With two or more active admins the first call proposes it (action 'fine.waive') and another
// admin repeats the same call, on the same member and month, to carry it out: the member's page
// and the overview both confirm, so the call is shared here.

/** 200: waived; 202: proposed, waiting for a second admin. */
export type WaiveAnswer = z.infer<typeof fineWaived> | z.infer<typeof proposalProposedResponse>;

export const isProposed = (
  answer: WaiveAnswer,
): answer is z.infer<typeof proposalProposedResponse> =>
  'pending_confirmation' in answer && answer.pending_confirmation;

export interface WaiveFineVariables {
  memberId: number;
  period: string;
  reason: string;
}

export const waiveFine = (
  { memberId, period, reason }: WaiveFineVariables,
  idempotencyKey?: string,
) =>
  api<WaiveAnswer>(`/api/admin/members/${memberId}/fines/${period}/waive`, {
    json: { reason },
    idempotencyKey,
  });

/** Waives, proposes or confirms; the member's fines, their page and the overview follow. */
export function useWaiveFine() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: waiveFine,
    onSuccess: (answer, { memberId }) => {
      if (isProposed(answer)) rememberProposal(queryClient, answer.proposal);
      // The fine as waived, at once; the refetch follows.
      else
        queryClient.setQueryData(
          getMemberFinesQueryOptions(memberId).queryKey,
          (list) =>
            list && {
              items: list.items.map((f) => (f.period === answer.fine.period ? answer.fine : f)),
            },
        );
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}

/**
 * What a waiver proposal asks, for the confirming call: the member, the month and the
 * proposer's reason (the one carried out). Null for any other proposal.
 */
export function waiverOf(proposal: FundProposal): WaiveFineVariables | null {
  const period = (proposal.details as Record<string, unknown> | null)?.period;
  if (proposal.action !== 'fine.waive' || !proposal.member || typeof period !== 'string')
    return null;
  return { memberId: proposal.member.id, period, reason: proposal.reason ?? '' };
}

/**
 * Whether the signed-in admin (`myId`, once known) may confirm a proposal by repeating its call:
 * a waiver neither they proposed nor of their own fine (the server refuses both).
 */
export function canConfirmWaiver(proposal: FundProposal, myId: number | undefined): boolean {
  const waiver = waiverOf(proposal);
  return (
    waiver !== null &&
    myId !== undefined &&
    proposal.proposed_by.id !== myId &&
    waiver.memberId !== myId
  );
}
