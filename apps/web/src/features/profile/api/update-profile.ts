import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { profileUpdateResponse } from '@jamiya/contracts/profile';
import { api } from '../../../lib/api-client.ts';
import { getAccountDataQueryOptions } from '../../../api/get-account-data.ts';
import { getProfileQueryOptions } from '../../../api/get-profile.ts';

export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponse>;

export interface ProfileUpdate {
  name: string;
  address: string;
  wallet: string;
  gender?: 'male' | 'female' | undefined;
  image?: File | undefined;
  /** The day of the month the member's dues fall due; null: the association's due day. */
  payday?: number | null | undefined;
}

/**
 * POST /api/profile/update (multipart, docs/product.md 10.7). The address goes as `address` and the
 * wallet as `wallet` (docs/product.md section 7); profession_id is always 1 as the spec sends it.
 */
export function updateProfile(values: ProfileUpdate): Promise<ProfileUpdateResponse> {
  const form = new FormData();
  form.append('name', values.name);
  form.append('address', values.address);
  form.append('profession_id', '1');
  form.append('wallet', values.wallet);
  if (values.gender) form.append('gender', values.gender);
  if (values.image) form.append('image', values.image);
  // Empty clears it; missing leaves it as it is.
  if (values.payday !== undefined) form.append('payday', values.payday?.toString() ?? '');
  return api<ProfileUpdateResponse>('/api/profile/update', { form });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async () => {
      // The holder's name shows in the header and on the home page, from both queries.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getProfileQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getAccountDataQueryOptions().queryKey }),
      ]);
    },
  });
}
