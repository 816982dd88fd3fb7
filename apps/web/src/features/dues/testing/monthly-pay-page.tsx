import { waitFor, type within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
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

/**
 * Opens a payment form's optional part and fills in the transfer's date (YYYY-MM-DD, its day,
 * month and year chosen) and the bank's reference, those given.
 */
export async function fillTransfer(
  user: ReturnType<typeof userEvent.setup>,
  form: ReturnType<typeof within>,
  { date, reference }: { date?: string; reference?: string },
) {
  await user.click(
    form.getByRole('button', { name: "Add the transfer's date and reference (optional)" }),
  );
  const label = 'Transfer date (optional)';
  // The day comes first, and takes the focus.
  await waitFor(() => expect(form.getByLabelText(`${label}, Day`)).toHaveFocus());
  if (date) {
    const [year, month, day] = date.split('-');
    await user.selectOptions(form.getByLabelText(`${label}, Day`), day!);
    await user.selectOptions(form.getByLabelText(`${label}, Month`), month!);
    await user.selectOptions(form.getByLabelText(`${label}, Year`), year!);
  }
  if (reference)
    await user.type(form.getByLabelText("Bank's reference number (optional)"), reference);
}
