import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { profilePaydayRequest } from '@jamiya/contracts/profile';
import { api } from '../../../lib/api-client.ts';
import { getAccountDataQueryOptions } from '../../../api/get-account-data.ts';
import { getProfileQueryOptions } from '../../../api/get-profile.ts';
import type { ProfileUpdateResponse } from './update-profile.ts';

/** POST /api/profile/payday: the member's payday on its own, null for the association's due day. */
export const savePayday = (payday: z.infer<typeof profilePaydayRequest>['payday']) =>
  api<ProfileUpdateResponse>('/api/profile/payday', { json: { payday } });

export function useSavePayday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayday,
    // The home page's due date follows the payday.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getProfileQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getAccountDataQueryOptions().queryKey }),
      ]),
  });
}
