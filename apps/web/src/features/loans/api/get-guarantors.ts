import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FindableMember } from '@jamiya/contracts/guarantees';
import { api } from '../../../lib/api-client.ts';

export type { FindableMember };

/** Typed text shorter than this finds no one: too many names would match. */
export const MIN_SEARCH_CHARS = 2;

/** GET /api/guarantors?q=: the members who agreed to be found, to ask as guarantors. */
export const getGuarantorsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['guarantors', search],
    queryFn: ({ signal }) =>
      api<{ items: FindableMember[] }>(`/api/guarantors?q=${encodeURIComponent(search)}`, {
        signal,
      }),
    staleTime: 60_000,
  });

export const useGuarantorSearch = (text: string) => {
  const search = text.trim();
  return useQuery({
    ...getGuarantorsQueryOptions(search),
    enabled: search.length >= MIN_SEARCH_CHARS,
    placeholderData: keepPreviousData,
  });
};
