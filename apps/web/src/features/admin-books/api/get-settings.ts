import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSettings } from '@jamiya/contracts/settings';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

export const getAdminSettingsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'settings'],
    queryFn: ({ signal }) => api<AdminSettings>('/api/admin/settings', { signal }),
  });

export const useAdminSettings = () => useQuery(getAdminSettingsQueryOptions());
