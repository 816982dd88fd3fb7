import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createMemberRequest, memberCreatedResponse } from '@jamiya/contracts/members';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

export type CreateMemberBody = z.output<typeof createMemberRequest>;
export type MemberCreated = z.infer<typeof memberCreatedResponse>;

export const createMember = (body: CreateMemberBody) =>
  api<MemberCreated>('/api/admin/members', { json: body });

export function useCreateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMember,
    // The lists and the overview's counts.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
