import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import type { ImportRecord } from '@jamiya/contracts/imports';
import { api } from '../../../lib/api-client.ts';
import { withQuery, type ListPage } from '../../../lib/list-query.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

export const PAGE_SIZE = 20;

export const getImportsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_KEY, 'imports'],
    queryFn: ({ pageParam, signal }) =>
      api<ListPage<ImportRecord>>(
        withQuery('/api/admin/imports', { cursor: pageParam, limit: PAGE_SIZE }),
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/** The imports made, newest first; the one waiting for a second admin among them. */
export const useImports = () => useInfiniteQuery(getImportsQueryOptions());

/**
 * Puts an import the server just answered at the head of the list, so the page shows it at
 * once (waiting for a second admin) rather than after the refetch.
 */
export function rememberImport(queryClient: QueryClient, record: ImportRecord): void {
  queryClient.setQueryData(getImportsQueryOptions().queryKey, (data) => {
    if (!data) return data;
    const [first, ...rest] = data.pages;
    if (!first) return data;
    const items = [record, ...first.items.filter((i) => i.id !== record.id)];
    return { ...data, pages: [{ ...first, items }, ...rest] };
  });
}
