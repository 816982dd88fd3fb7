import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getGuaranteesQueryOptions } from '../../../api/get-guarantees.ts';

export interface SaveFindableResponse {
  message: string;
  findable: boolean;
}

export const saveFindable = (findable: boolean) =>
  api<SaveFindableResponse>('/api/guarantees/findable', { method: 'PUT', json: { findable } });

/** Whether members applying for a loan may find the member in the list of guarantors. */
export const useSaveFindable = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFindable,
    onSuccess: (saved) =>
      queryClient.setQueryData(getGuaranteesQueryOptions().queryKey, (old) =>
        old ? { ...old, findable: saved.findable } : old,
      ),
  });
};
