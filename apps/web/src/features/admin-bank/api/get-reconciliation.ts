import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Reconciliation } from '@jamiya/contracts/bank';
import { api } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/list-query.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

export const getReconciliationQueryOptions = (asOf: string, limit: number) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'bank', 'reconciliation', asOf, limit],
    queryFn: ({ signal }) =>
      api<Reconciliation>(withQuery('/api/admin/reconciliation', { as_of: asOf, limit }), {
        signal,
      }),
  });

/**
 * The bank's balance beside the books' cash at the end of `asOf`, with the first `limit` lines
 * and movements that explain a difference; the last answer meanwhile.
 */
export const useReconciliation = (asOf: string, limit: number) =>
  useQuery({ ...getReconciliationQueryOptions(asOf, limit), placeholderData: keepPreviousData });
