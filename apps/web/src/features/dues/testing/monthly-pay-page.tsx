import type { Loan } from '@jamiya/contracts/loans';
import type { Payment } from '@jamiya/contracts/payments';
import type { PublicSettings } from '@jamiya/contracts/settings';
import { settingsBody } from '../../../testing/api-fixtures.ts';
import { setupPage, type stubApi } from '../../../testing/render.tsx';
import { MonthlyPayPage } from '../components/monthly-pay-page.tsx';
import { accountBody, listBody } from './fixtures.ts';

export interface MonthlyPayOptions {
  loans?: Loan[];
  payments?: Payment[];
  /** The loan policy's settings that differ from the demo's. */
  policy?: Partial<PublicSettings['loan_policy']>;
  /** Answers in place of (or beside) the page's usual ones. */
  handlers?: Parameters<typeof stubApi>[0];
  at?: string;
  routes?: Record<string, string>;
}

/** /user/monthly-pay, where the member pays dues and repays a loan, on a stubbed server. */
export function setupMonthlyPay({
  loans = [],
  payments = [],
  policy = {},
  handlers = {},
  at,
  routes,
}: MonthlyPayOptions = {}) {
  return setupPage(
    <MonthlyPayPage />,
    {
      'GET /api/my-account-data': () => ({ body: accountBody() }),
      'GET /api/my-loans': () => ({ body: listBody(loans) }),
      'GET /api/my-payments': () => ({ body: listBody(payments) }),
      'GET /api/settings': () => ({ body: settingsBody(policy) }),
      ...handlers,
    },
    { path: '/user/monthly-pay', at, routes },
  );
}

/** A receipt to upload: a photo of 2 KB unless said otherwise. */
export const receipt = (name = 'receipt.jpg', type = 'image/jpeg', bytes = 2048) =>
  new File([new Uint8Array(bytes)], name, { type });
