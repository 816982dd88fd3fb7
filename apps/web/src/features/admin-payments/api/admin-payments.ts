import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AdminPayment } from '@jamiya/contracts/payments';
import { filsToAed, type Fils } from '@jamiya/money/fils';
import { api } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

export type { AdminPayment };
export type PaymentStatus = AdminPayment['status'];

interface PaymentsPage {
  items: AdminPayment[];
  next_cursor: string | null;
}

export const getAdminPaymentsQueryOptions = (status: PaymentStatus) =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_KEY, 'payments', status],
    queryFn: ({ signal, pageParam }) => {
      const query = new URLSearchParams({ status, limit: '20' });
      if (pageParam) query.set('cursor', pageParam);
      return api<PaymentsPage>(`/api/admin/payments?${query}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const useAdminPayments = (status: PaymentStatus) =>
  useInfiniteQuery(getAdminPaymentsQueryOptions(status));

/** One submission by its id (another submission's possible duplicate, shown beside it). */
export const useAdminPayment = (id: number) =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'payment', id],
    queryFn: ({ signal }) => api<AdminPayment>(`/api/admin/payments/${id}`, { signal }),
  });

interface PaymentAnswer {
  message: string;
  payment: AdminPayment;
}

/**
 * `amountFils` only when the receipt shows another amount than the one submitted, or when the
 * submission came without a receipt (the server then needs the amount received).
 */
export const approvePayment = (
  { id, amountFils }: { id: number; amountFils?: Fils | undefined },
  idempotencyKey?: string,
) =>
  api<PaymentAnswer>(`/api/admin/payments/${id}/approve`, {
    json: amountFils === undefined ? {} : { amount: filsToAed(amountFils) },
    idempotencyKey,
  });

export const rejectPayment = (
  { id, reason }: { id: number; reason: string },
  idempotencyKey?: string,
) => api<PaymentAnswer>(`/api/admin/payments/${id}/reject`, { json: { reason }, idempotencyKey });

// A decision changes the queue, the overview's counts and the member's figures; a refusal
// (409: someone else decided first) means what is shown is out of date. Either way, refetch.
const useAdminMutation = <V extends object>(
  mutationFn: (v: V, idempotencyKey: string) => Promise<PaymentAnswer>,
) => {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
};

export const useApprovePayment = () => useAdminMutation(approvePayment);
export const useRejectPayment = () => useAdminMutation(rejectPayment);
