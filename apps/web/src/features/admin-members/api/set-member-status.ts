import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { memberStatusRequest, memberStatusResponse } from '@jamiya/contracts/members';
import type { proposalProposedResponse } from '@jamiya/contracts/proposals';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

export type MemberStatusBody = z.output<typeof memberStatusRequest>;

/** 200: done; 202: an admin's status, proposed for a second admin (docs/domain/maker-checker.md). */
export type MemberStatusAnswer =
  z.infer<typeof memberStatusResponse> | z.infer<typeof proposalProposedResponse>;

export const setMemberStatus = ({ id, ...body }: MemberStatusBody & { id: number }) =>
  api<MemberStatusAnswer>(`/api/admin/members/${id}/status`, { json: body });

export function useSetMemberStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMemberStatus,
    // The member's page, the lists and the overview's counts. Not awaited: the dialog closes
    // at once instead of showing the opposite action while the page reloads.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
