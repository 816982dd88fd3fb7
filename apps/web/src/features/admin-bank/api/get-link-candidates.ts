import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CandidatePayment } from '@jamiya/contracts/bank-lines';
import { api } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/list-query.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

export const getLinkCandidatesQueryOptions = (lineId: number, memberId: number | null) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'bank', 'link-candidates', lineId, memberId],
    queryFn: ({ signal }) =>
      api<{ items: CandidatePayment[] }>(
        withQuery(`/api/admin/bank-lines/${lineId}/link-candidates`, { member_id: memberId }),
        { signal },
      ),
  });

/**
 * The payments a line could be linked to by hand: the member's receipts waiting and payments
 * approved, or, with no member, those of the line's amount within 7 days of it.
 */
export const useLinkCandidates = (lineId: number, memberId: number | null) =>
  useQuery(getLinkCandidatesQueryOptions(lineId, memberId));
