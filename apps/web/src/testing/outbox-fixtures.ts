import type { WaitingPayment } from '../lib/outbox.ts';

let keptAt = 1_790_000_000_000;

/** A month's due of `accountId` for `period` ("2026-09"), as the outbox keeps it. */
export function waitingPayment(accountId: number, period: string): WaitingPayment {
  return {
    id: `${accountId}-${period}`.padEnd(32, '0'),
    accountId,
    keptAt: keptAt++,
    kind: 'dues',
    path: '/api/save-monthly-payment',
    fields: { payment_amount: '200.00', month: period, account_number: 'AE07 0331 2345' },
    photo: new File(['receipt'], 'receipt.jpg', { type: 'image/jpeg' }),
    amount: 200,
    period,
  };
}
