import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Loan } from '@jamiya/contracts/loans';
import { renderWithProviders, stubApi, type StubRequest } from '../../../testing/render.tsx';
import { accountBody, duesPayment, listBody } from '../testing/fixtures.ts';
import { activeLoan, settingsBody } from '../../../testing/api-fixtures.ts';
import { MonthlyPayPage } from './monthly-pay-page.tsx';

// The first render of a file transforms the whole page; on a busy machine that outlasts 1 s.
configure({ asyncUtilTimeout: 4000 });

type Handlers = Parameters<typeof stubApi>[0];

const RECEIVED = 'Your loan payment was received. It will be added once the committee confirms it.';

function setup({ loans = [], handlers = {} }: { loans?: Loan[]; handlers?: Handlers } = {}) {
  const requests = stubApi({
    'GET /api/my-account-data': () => ({ body: accountBody() }),
    'GET /api/my-loans': () => ({ body: listBody(loans) }),
    'GET /api/my-payments': () => ({ body: listBody([]) }),
    'GET /api/settings': () => ({ body: settingsBody() }),
    ...handlers,
  });
  const user = userEvent.setup();
  const view = renderWithProviders(<MonthlyPayPage />, { path: '/user/monthly-pay' });
  return { requests, user, ...view };
}

const posts = (requests: StubRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.url === '/api/save-monthly-payment');

async function openFromPayNow(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Pay Now' }));
  return within(await screen.findByRole('dialog', { name: 'Pay your loan' }));
}

describe('the due-loan payment modal behind Pay Now', () => {
  it('suggests the next installment of the active loan and sends only payment_amount', async () => {
    const { user, requests, queryClient } = setup({
      loans: [activeLoan()],
      handlers: {
        'POST /api/save-monthly-payment': () => ({
          body: {
            status_code: 200,
            message: RECEIVED,
            payment: duesPayment({
              id: 14,
              kind: 'loan_repayment',
              period: null,
              month: null,
              loan_id: 1,
              amount: 356.67,
              status: 'pending',
              approved_amount: null,
              receipt_url: null,
              account_number: null,
            }),
          },
        }),
      },
    });
    await waitFor(() => expect(queryClient.getQueryData(['myLoans'])).toBeDefined());
    const form = await openFromPayNow(user);
    expect(form.getByLabelText('Amount (AED)')).toHaveValue(356.67);
    expect(form.getByText('Next installment: AED 356.67, due Dec 17, 2026.')).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Pay' }));

    expect(await screen.findByText(RECEIVED)).toBeInTheDocument();
    const [post] = posts(requests);
    const body = post!.body as FormData;
    expect([...body.keys()]).toEqual(['payment_amount']);
    expect(body.get('payment_amount')).toBe('356.67');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('requires an amount and sends nothing without one', async () => {
    const { user, requests } = setup({ loans: [activeLoan()] });
    const form = await openFromPayNow(user);
    await user.clear(form.getByLabelText('Amount (AED)'));
    await user.click(form.getByRole('button', { name: 'Pay' }));
    expect(await form.findByText('Enter an amount in AED.')).toBeInTheDocument();
    await user.type(form.getByLabelText('Amount (AED)'), '0');
    await user.click(form.getByRole('button', { name: 'Pay' }));
    expect(await form.findByText('The amount must be more than 0 AED.')).toBeInTheDocument();
    expect(posts(requests)).toHaveLength(0);
  });

  it('shows the server’s 409 when there is no active loan, and offers the monthly due instead', async () => {
    const { user, requests } = setup({
      handlers: {
        'POST /api/save-monthly-payment': () => ({
          status: 409,
          body: { status_code: 409, message: 'You have no active loan to repay.' },
        }),
      },
    });
    const form = await openFromPayNow(user);
    expect(
      form.getByText(/You have no active loan to repay\. To pay a monthly due/),
    ).toBeInTheDocument();
    await user.type(form.getByLabelText('Amount (AED)'), '200');
    await user.click(form.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('You have no active loan to repay.')).toBeInTheDocument();
    expect([...(posts(requests)[0]!.body as FormData).keys()]).toEqual(['payment_amount']);
    expect(screen.getByRole('dialog', { name: 'Pay your loan' })).toBeInTheDocument();

    // Pay Now sits on this month's row: the due can be paid from here in one step.
    await user.click(form.getByRole('button', { name: 'Pay the monthly due instead' }));
    const dues = within(await screen.findByRole('dialog', { name: 'Monthly Payment' }));
    expect(dues.getByLabelText('Month')).toHaveValue('November');
  });
});
