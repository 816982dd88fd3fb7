import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { passwordLinkResponse } from '@jamiya/contracts/members';
import type { proposalProposedResponse } from '@jamiya/contracts/proposals';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

/** 200: the link (or where it was mailed); 202: proposed, a second admin makes it. */
export type PasswordLinkAnswer =
  z.infer<typeof passwordLinkResponse> | z.infer<typeof proposalProposedResponse>;

/**
 * A one-time link for the member to set a new password; the server e-mails it when it can. Never
 * for an admin's account; with two or more active admins, a second admin confirms it.
 */
export const createPasswordLink = (memberId: number) =>
  api<PasswordLinkAnswer>(`/api/admin/members/${memberId}/password-reset`, { method: 'POST' });

export function useCreatePasswordLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPasswordLink,
    // The proposals (a proposal made, or one carried out) and the member's page.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
