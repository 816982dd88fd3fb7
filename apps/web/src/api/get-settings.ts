import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '@jamiya/contracts/settings';
import { api } from '../lib/api-client.ts';
import { SETTINGS } from './paths.ts';

export const getSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['settings'],
    queryFn: ({ signal }) => api<PublicSettings>(SETTINGS, { signal }),
    staleTime: 10 * 60_000,
  });

export const useSettings = () => useQuery(getSettingsQueryOptions());
