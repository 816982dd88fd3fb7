import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { unseenPayments } from '@jamiya/contracts/bank';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

/** The statement that covers a receipt's date and shows no transfer for it. */
export interface UnseenStatement {
  bank: string | null;
  from: string;
  to: string;
}

type UnseenPayments = z.infer<typeof unseenPayments>;

export const getUnseenPaymentsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'bank-statements', 'unseen'],
    queryFn: async ({ signal }) => {
      const { items } = await api<UnseenPayments>('/api/admin/bank-statements/unseen', {
        signal,
      });
      return items.map(({ payment_id, statement: { bank, from, to } }) => ({
        paymentId: payment_id,
        statement: { bank, from, to },
      }));
    },
  });

const byPayment = (items: Array<{ paymentId: number; statement: UnseenStatement }>) =>
  new Map(items.map((i) => [i.paymentId, i.statement]));

const NONE = new Map<number, UnseenStatement>();

/**
 * The receipts waiting whose transfer a statement covering their date does not show, by
 * payment id. Empty while it loads or when it fails (offline, no statements on this server):
 * the queue works without the warning rather than wait for it.
 */
export function useUnseenPayments(): Map<number, UnseenStatement> {
  const unseen = useQuery({ ...getUnseenPaymentsQueryOptions(), select: byPayment });
  return unseen.data ?? NONE;
}
