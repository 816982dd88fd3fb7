import { setupPage, type stubApi } from '../../../testing/render.tsx';
import { adminProfileBody } from '../../../testing/admin-fixtures.ts';
import { LedgerPage } from '../components/ledger-page.tsx';
import { chartBody, entry, listBody, trialBalanceBody } from './fixtures.ts';

/** Loan #1's pay-out, the journal's newest entry. */
export const disbursement = entry({
  id: 9,
  kind: 'disbursement',
  memo: 'Loan #1 paid out to Amina Rahman',
  occurred_at: '2026-11-17T08:00:00.000Z',
  payment_id: null,
  loan_id: 1,
  postings: [
    { account_code: '1100', account_name: 'Loans receivable', debit: 2000, credit: 0 },
    { account_code: '1000', account_name: 'Cash', debit: 0, credit: 2000 },
  ],
});

/** /admin/ledger, with the trial balance and a journal of two entries; `handlers` answer otherwise. */
export function setupLedgerPage(handlers: Parameters<typeof stubApi>[0] = {}) {
  const { requests, user } = setupPage(
    <LedgerPage />,
    {
      'GET /api/admin/ledger/trial-balance': () => ({ body: trialBalanceBody() }),
      'GET /api/admin/ledger/entries': () => ({ body: listBody([disbursement, entry()]) }),
      'GET /api/admin/accounts': () => ({ body: chartBody() }),
      'GET /api/admin/proposals': () => ({ body: { items: [] } }),
      'GET /api/profile': () => ({ body: adminProfileBody() }),
      ...handlers,
    },
    { path: '/admin/ledger' },
  );
  return { requests, user };
}

export const lastYear = String(new Date().getFullYear() - 1);
