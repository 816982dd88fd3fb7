import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  applicationAcceptedResponse,
  applicationRejectedResponse,
} from '@jamiya/contracts/members';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

export type ApplicationAccepted = z.infer<typeof applicationAcceptedResponse>;

export const acceptApplication = (id: number) =>
  api<ApplicationAccepted>(`/api/admin/applications/${id}/accept`, { method: 'POST' });

export const rejectApplication = ({ id, reason }: { id: number; reason: string }) =>
  api<z.infer<typeof applicationRejectedResponse>>(`/api/admin/applications/${id}/reject`, {
    json: { reason },
  });

// Either way the application leaves Pending; an acceptance also adds a member. The lists and
// the overview's counts are all under ['admin'].
export function useAcceptApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptApplication,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}

export function useRejectApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectApplication,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
