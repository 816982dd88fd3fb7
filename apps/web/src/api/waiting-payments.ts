import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { toastError, toastSuccess } from '../lib/messages.ts';
import { sendWaitingPayments, waitingPayments, WAITING_PAYMENTS_KEY } from '../lib/outbox.ts';
import { currentSession, getCachedProfileId } from '../lib/session-store.ts';
import { getAccountDataQueryOptions } from './get-account-data.ts';
import { getMyLoansQueryOptions } from './get-my-loans.ts';
import { getMyPaymentsQueryOptions } from './get-my-payments.ts';

// The payments made without a network that wait on this phone (lib/outbox.ts): listed on the
// Monthly Pay page, sent from the member area as soon as there is a network. Only the signed-in
// account's, whoever else left some on the phone.

export const getWaitingPaymentsQueryOptions = () =>
  queryOptions({
    queryKey: WAITING_PAYMENTS_KEY,
    queryFn: () => {
      const accountId = getCachedProfileId();
      return accountId === null ? [] : waitingPayments(accountId);
    },
    // Read from the phone: no network needed, and read again at every look (another tab may
    // have sent them, or signed in as someone else).
    networkMode: 'always',
    staleTime: 0,
  });

export const useWaitingPayments = () => useQuery(getWaitingPaymentsQueryOptions());

/** After a payment: the months, the history and the loan as the server now has them. */
export function refreshAfterPayment(queryClient: QueryClient): void {
  for (const queryKey of [
    getAccountDataQueryOptions().queryKey,
    getMyPaymentsQueryOptions().queryKey,
    getMyLoansQueryOptions().queryKey,
    WAITING_PAYMENTS_KEY,
  ])
    void queryClient.invalidateQueries({ queryKey });
}

/** Sends what waits, and tells the member what became of each: sent, or refused and why. */
export async function sendWaiting(queryClient: QueryClient): Promise<void> {
  const session = currentSession();
  if (session === null || !navigator.onLine) return;
  const outcomes = await sendWaitingPayments(session);
  for (const outcome of outcomes) {
    if ('message' in outcome) toastSuccess(outcome.message);
    else toastError(outcome.error);
  }
  if (outcomes.length) refreshAfterPayment(queryClient);
}
