import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type {
  BankLine,
  BankMatch,
  BankStatementDetail,
  CashEntry,
  StatementSection,
  WaitingPayment,
} from '@jamiya/contracts/bank';
import { api } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/list-query.ts';
import { STATEMENT_KEY, STATEMENT_PAGE } from './get-statements.ts';

interface PartItems {
  matched: BankMatch;
  linked: BankLine;
  credits: BankLine;
  debits: BankLine;
  payments: WaitingPayment;
  entries: CashEntry;
}

const PARTS: { [S in StatementSection]: (d: BankStatementDetail) => Array<PartItems[S]> } = {
  matched: (d) => d.matched,
  linked: (d) => d.linked,
  credits: (d) => d.unmatched_lines.filter((l) => l.amount > 0),
  debits: (d) => d.unmatched_lines.filter((l) => l.amount <= 0),
  payments: (d) => d.unmatched_payments,
  entries: (d) => d.unmatched_entries,
};

/** The id a part is ordered and paged by: a match's is its line's. */
const idOf = (item: PartItems[StatementSection]) => ('line' in item ? item.line.id : item.id);

/**
 * A part of a statement's page: its first page comes with the statement, the next ones when
 * asked for, each after the last id shown. Read again with the statement (after an action),
 * the next pages follow its new first page. `observing`: the pages another component asked
 * for, as far as they are kept (the page's list of lines shown above the reconciliation).
 */
export function useStatementPart<S extends StatementSection>(
  detail: BankStatementDetail,
  section: S,
  { observing = false } = {},
) {
  const first = PARTS[section](detail);
  const lastId = first.length > 0 ? idOf(first.at(-1)!) : 0;
  const [asked, setAsked] = useState(false);
  const more = useInfiniteQuery({
    queryKey: [...STATEMENT_KEY(detail.statement.id), section, lastId],
    queryFn: async ({ pageParam, signal }) =>
      PARTS[section](
        await api<BankStatementDetail>(
          withQuery(`/api/admin/bank-statements/${detail.statement.id}`, {
            section,
            after: pageParam,
            limit: STATEMENT_PAGE,
          }),
          { signal },
        ),
      ),
    initialPageParam: lastId,
    getNextPageParam: (last) => (last.length < STATEMENT_PAGE ? undefined : idOf(last.at(-1)!)),
    enabled: asked && lastId > 0,
    // Kept pages are read again when asked for anew: a line may have been assigned meanwhile.
    staleTime: 0,
  });
  const seen = new Set(first.map(idOf));
  // Pages kept from an earlier visit are not shown until asked for again (and read again).
  const pages = asked || observing ? (more.data?.pages.flat() ?? []) : [];
  const items = [...first, ...pages.filter((i) => !seen.has(idOf(i)))];
  const total = Math.max(detail.counts[section], items.length);
  return {
    items,
    total,
    /** How many are not shown yet. */
    left: total - items.length,
    hasMore: items.length < total && (!asked || !more.data || more.hasNextPage),
    isFetchingMore: more.isFetching,
    error: more.error,
    showMore: () => (asked ? void more.fetchNextPage() : setAsked(true)),
  };
}
export type StatementPart = ReturnType<typeof useStatementPart>;
