import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Reconciliation } from '@jamiya/contracts/bank';
import { api } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/list-query.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

export const getReconciliationQueryOptions = (asOf: string) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'bank', 'reconciliation', asOf],
    queryFn: ({ signal }) =>
      api<Reconciliation>(withQuery('/api/admin/reconciliation', { as_of: asOf }), { signal }),
  });

/** The bank's balance beside the books' cash at the end of `asOf`; the last answer meanwhile. */
export const useReconciliation = (asOf: string) =>
  useQuery({ ...getReconciliationQueryOptions(asOf), placeholderData: keepPreviousData });
