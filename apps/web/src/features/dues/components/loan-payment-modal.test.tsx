import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StubRequest } from '../../../testing/render.tsx';
import { duesPayment, stubObjectUrls } from '../testing/fixtures.ts';
import {
  fillTransfer,
  receipt,
  setupMonthlyPay,
  type MonthlyPayOptions,
} from '../testing/monthly-pay-page.tsx';
import { activeLoan } from '../../../testing/api-fixtures.ts';

const RECEIVED = 'Your loan payment was received. It will be added once the committee confirms it.';
const ACCOUNT = 'AE07 0331 2345 6789 0123 456';

/** With rahul's active loan unless told otherwise. */
const setup = (options: MonthlyPayOptions = {}) =>
  setupMonthlyPay({ loans: [activeLoan()], ...options });

const repayments = (requests: StubRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.url === '/api/my-loans/1/repayments');

async function openRepayment(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Repay loan' }));
  return within(await screen.findByRole('dialog', { name: 'Repay your loan' }));
}

const repaymentAnswer = () => ({
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
      receipt_url: '/api/files/0b6c1f8e-2f9a-4c55-8d4e-3c1f2a9b7d10',
    }),
  },
});

beforeEach(() => {
  stubObjectUrls();
});

describe('the loan repayment form behind Repay loan', () => {
  it('suggests the next installment and sends the receipt and amount to the loan’s repayments', async () => {
    const { user, requests } = setup({
      handlers: { 'POST /api/my-loans/1/repayments': repaymentAnswer },
    });
    const form = await openRepayment(user);
    expect(form.getByLabelText('Amount (AED)')).toHaveValue(356.67);
    expect(
      form.getByText('Next installment: AED 356.67, due 17 December 2026.'),
    ).toBeInTheDocument();
    expect(
      within(form.getByRole('region', { name: 'Where to send the money' })).getByRole('button', {
        name: 'Copy AE070331234567890123456',
      }),
    ).toBeInTheDocument();
    await user.upload(form.getByLabelText('Receipt (photo or PDF)'), receipt());
    expect(await form.findByRole('img', { name: 'Your receipt' })).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Send repayment' }));

    expect(await screen.findByText(RECEIVED)).toBeInTheDocument();
    const [post] = repayments(requests);
    expect(post!.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    const body = post!.body as FormData;
    // No account number was given: none is sent.
    expect([...body.keys()].sort()).toEqual(['payment_amount', 'photo']);
    expect(body.get('payment_amount')).toBe('356.67');
    expect((body.get('photo') as File).name).toBe('receipt.jpg');
    // The amount-only call of the spec is not used any more.
    expect(requests.some((r) => r.url === '/api/save-monthly-payment')).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends the account number when one is given', async () => {
    const { user, requests } = setup({
      handlers: { 'POST /api/my-loans/1/repayments': repaymentAnswer },
    });
    const form = await openRepayment(user);
    await user.type(form.getByLabelText('Account number (optional)'), ACCOUNT);
    await user.upload(form.getByLabelText('Receipt (photo or PDF)'), receipt());
    await user.click(form.getByRole('button', { name: 'Send repayment' }));
    await waitFor(() => expect(repayments(requests)).toHaveLength(1));
    expect((repayments(requests)[0]!.body as FormData).get('account_number')).toBe(ACCOUNT);
  });

  describe("with the transfer's date and the bank's reference", () => {
    // 23:30 on 30 November in Dubai: 1 December is tomorrow there, and today in London.
    beforeEach(() => {
      vi.useFakeTimers({ now: new Date('2026-11-30T19:30:00Z'), toFake: ['Date'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('sends them when they are given', async () => {
      const { user, requests } = setup({
        handlers: { 'POST /api/my-loans/1/repayments': repaymentAnswer },
      });
      const form = await openRepayment(user);
      await user.upload(form.getByLabelText('Receipt (photo or PDF)'), receipt());
      await fillTransfer(user, form, { date: '2026-11-30', reference: 'FT26334XYZ' });
      await user.click(form.getByRole('button', { name: 'Send repayment' }));
      await waitFor(() => expect(repayments(requests)).toHaveLength(1));
      const body = repayments(requests)[0]!.body as FormData;
      expect([...body.keys()].sort()).toEqual([
        'bank_reference',
        'payment_amount',
        'photo',
        'transfer_date',
      ]);
      expect(body.get('transfer_date')).toBe('2026-11-30');
      expect(body.get('bank_reference')).toBe('FT26334XYZ');
    });

    it('refuses a transfer dated after today in Dubai, and sends nothing', async () => {
      const { user, requests } = setup();
      const form = await openRepayment(user);
      await user.upload(form.getByLabelText('Receipt (photo or PDF)'), receipt());
      await fillTransfer(user, form, { date: '2026-12-01' });
      await user.click(form.getByRole('button', { name: 'Send repayment' }));
      expect(await form.findByText('The transfer date cannot be after today.')).toBeInTheDocument();
      expect(repayments(requests)).toHaveLength(0);
    });
  });

  it('requires the receipt, under the rules of a dues receipt, and sends nothing without one', async () => {
    const { user, requests } = setup();
    const form = await openRepayment(user);
    await user.click(form.getByRole('button', { name: 'Send repayment' }));
    expect(await form.findByText('Attach the receipt (a photo or a PDF).')).toBeInTheDocument();
    expect(form.getByLabelText('Receipt (photo or PDF)')).toHaveAttribute('aria-invalid', 'true');

    // Refused as soon as it is chosen, as the dues form does.
    await userEvent
      .setup({ applyAccept: false })
      .upload(form.getByLabelText('Receipt (photo or PDF)'), receipt('notes.txt', 'text/plain'));
    expect(
      await form.findByText(
        'This file cannot be sent: choose a photo (JPEG, PNG, WebP or HEIC) or a PDF.',
      ),
    ).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Send repayment' }));
    expect(repayments(requests)).toHaveLength(0);
  });

  it('refuses an empty amount, 0, and more than the loan still owes', async () => {
    const { user, requests } = setup();
    const form = await openRepayment(user);
    const amount = form.getByLabelText('Amount (AED)');
    await user.upload(form.getByLabelText('Receipt (photo or PDF)'), receipt());
    await user.clear(amount);
    await user.click(form.getByRole('button', { name: 'Send repayment' }));
    expect(await form.findByText('Enter an amount in AED.')).toBeInTheDocument();
    await user.type(amount, '0');
    await user.click(form.getByRole('button', { name: 'Send repayment' }));
    expect(await form.findByText('The amount must be more than AED 0.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '1426.67');
    await user.click(form.getByRole('button', { name: 'Send repayment' }));
    expect(
      await form.findByText('You owe AED 1,426.66 on this loan. Enter AED 1,426.66 or less.'),
    ).toBeInTheDocument();
    expect(repayments(requests)).toHaveLength(0);
  });

  it('shows a refusal of the server beside the amount and stays open', async () => {
    const { user } = setup({
      handlers: {
        'POST /api/my-loans/1/repayments': () => ({
          status: 422,
          body: {
            status_code: 422,
            message: 'You owe AED 1,000 on this loan, with the repayments under review.',
            errors: { payment_amount: ['Enter at most 1000 AED.'] },
          },
        }),
      },
    });
    const form = await openRepayment(user);
    await user.upload(form.getByLabelText('Receipt (photo or PDF)'), receipt());
    await user.click(form.getByRole('button', { name: 'Send repayment' }));
    expect(await form.findByText('Enter at most 1000 AED.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Repay your loan' })).toBeInTheDocument();
  });

  it('opens at once when My Loan’s Repay loan leads here (?repay=loan)', async () => {
    setup({ at: '/user/monthly-pay?repay=loan' });
    const form = within(await screen.findByRole('dialog', { name: 'Repay your loan' }));
    expect(await form.findByLabelText('Amount (AED)')).toHaveValue(356.67);
  });

  it('says there is nothing to repay when the link is followed without an active loan', async () => {
    setup({ loans: [], at: '/user/monthly-pay?repay=loan' });
    const dialog = within(await screen.findByRole('dialog', { name: 'Repay your loan' }));
    expect(await dialog.findByText('You have no active loan to repay.')).toBeInTheDocument();
    expect(dialog.queryByLabelText('Amount (AED)')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Repay loan' })).not.toBeInTheDocument();
  });
});
