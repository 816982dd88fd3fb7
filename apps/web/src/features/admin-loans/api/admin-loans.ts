import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { FundProposal } from '@jamiya/contracts/proposals';
import type { AdminLoan, LoanStateName } from '@jamiya/contracts/loans';
import { filsToAed, type Fils } from '@jamiya/money/fils';
import { api } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { rememberProposal } from '../../../api/proposals.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

export type { AdminLoan, LoanStateName };

interface LoansPage {
  items: AdminLoan[];
  next_cursor: string | null;
}

export const getAdminLoansQueryOptions = (state: LoanStateName | undefined) =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_KEY, 'loans', 'list', state ?? 'all'],
    queryFn: ({ signal, pageParam }) => {
      const query = new URLSearchParams({ limit: '20' });
      if (state) query.set('state', state);
      if (pageParam) query.set('cursor', pageParam);
      return api<LoansPage>(`/api/admin/loans?${query}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const useAdminLoans = (state: LoanStateName | undefined) =>
  useInfiniteQuery(getAdminLoansQueryOptions(state));

export const getAdminLoanQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'loans', 'one', id],
    queryFn: ({ signal }) => api<AdminLoan>(`/api/admin/loans/${id}`, { signal }),
  });

export const useAdminLoan = (id: number) =>
  useQuery({ ...getAdminLoanQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });

export type LoanAction = 'approve' | 'reject' | 'disburse' | 'write-off';

/** 200: carried out; 202: proposed, waiting for a second admin (`proposal`). */
export interface LoanAnswer {
  message: string;
  loan: AdminLoan;
  pending_confirmation?: boolean;
  proposal?: FundProposal;
}

export const isProposed = (
  answer: LoanAnswer,
): answer is LoanAnswer & { pending_confirmation: true; proposal: FundProposal } =>
  answer.pending_confirmation === true && answer.proposal !== undefined;

/** A step of the loan; a write-off says whether the loss is recovered from the guarantors. */
export const moveLoan = (
  {
    id,
    action,
    reason,
    recoverFromGuarantors,
  }: {
    id: number;
    action: LoanAction;
    reason?: string | undefined;
    recoverFromGuarantors?: boolean | undefined;
  },
  idempotencyKey?: string,
) =>
  api<LoanAnswer>(`/api/admin/loans/${id}/${action}`, {
    json: {
      ...(reason ? { reason } : {}),
      ...(recoverFromGuarantors === undefined
        ? {}
        : { recover_from_guarantors: recoverFromGuarantors }),
    },
    idempotencyKey,
  });

export const recordCashRepayment = (
  { id, amountFils, note }: { id: number; amountFils: Fils; note?: string | undefined },
  idempotencyKey?: string,
) =>
  api<LoanAnswer>(`/api/admin/loans/${id}/repayments`, {
    json: { amount: filsToAed(amountFils), ...(note ? { note } : {}) },
    idempotencyKey,
  });

// The answer is the loan as it is now; the lists, the overview and the member's figures
// change too. After a 409 (someone else acted first) what is shown is out of date: refetch.
const useLoanMutation = <V extends object>(
  mutationFn: (v: V, idempotencyKey: string) => Promise<LoanAnswer>,
) => {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn,
    onSuccess: (answer) => {
      queryClient.setQueryData(getAdminLoanQueryOptions(answer.loan.id).queryKey, answer.loan);
      if (isProposed(answer)) rememberProposal(queryClient, answer.proposal);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
};

export const useMoveLoan = () => useLoanMutation(moveLoan);
export const useRecordCashRepayment = () => useLoanMutation(recordCashRepayment);
