import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { passwordLinkResponse } from '@jamiya/contracts/members';
import { api } from '../../../lib/api-client.ts';

export type PasswordLinkAnswer = z.infer<typeof passwordLinkResponse>;

/** A one-time link for the member to set a new password; the server e-mails it when it can. */
export const createPasswordLink = (memberId: number) =>
  api<PasswordLinkAnswer>(`/api/admin/members/${memberId}/password-reset`, { method: 'POST' });

export const useCreatePasswordLink = () => useMutation({ mutationFn: createPasswordLink });
