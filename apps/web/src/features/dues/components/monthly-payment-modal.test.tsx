import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StubRequest } from '../../../testing/render.tsx';
import { accountBody, duesPayment, rahulRows, stubObjectUrls } from '../testing/fixtures.ts';
import { receipt, setupMonthlyPay } from '../testing/monthly-pay-page.tsx';

const SUBMITTED =
  'Your payment was submitted. It is added to your balance when the committee approves it.';
const ACCOUNT = 'AE07 0331 2345 6789 0123 456';

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Pay monthly due' }));
  return within(await screen.findByRole('dialog', { name: 'Monthly Payment' }));
}

const posts = (requests: StubRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.url === '/api/save-monthly-payment');

beforeEach(() => {
  stubObjectUrls();
});

describe('the Monthly Payment form', () => {
  it('says when the money reaches the balance: when the committee approves it, no promised time', async () => {
    const { user } = setupMonthlyPay();
    const form = await openForm(user);
    expect(
      form.getByText('It is added to your balance when the committee approves it.', {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(form.queryByText(/hour/)).not.toBeInTheDocument();
  });

  it('starts with no month selected, offering the twelve months', async () => {
    const { user } = setupMonthlyPay();
    const form = await openForm(user);
    const month = form.getByLabelText('Month');
    expect(month).toHaveValue('');
    expect(
      form.getByRole('option', { name: 'Choose a month', selected: true }),
    ).toBeInTheDocument();
    const names = within(month)
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value)
      .filter(Boolean);
    expect(names).toEqual([
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ]);
    expect(form.getByLabelText('Amount (AED)')).toHaveValue(200);
  });

  it('refuses an empty submit: an error beside each of the four fields, nothing sent, the modal shakes', async () => {
    const { user, requests } = setupMonthlyPay();
    const form = await openForm(user);
    await user.clear(form.getByLabelText('Amount (AED)'));
    await user.click(form.getByRole('button', { name: 'Send payment' }));
    // The shake lasts 1 s, so it is looked for first.
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveClass('animate-shake'));

    expect(await form.findByText('Account number is required.')).toBeInTheDocument();
    expect(form.getByText('Choose a month.')).toBeInTheDocument();
    expect(form.getByText('Attach the receipt (a photo or a PDF).')).toBeInTheDocument();
    expect(form.getByText('Enter an amount in AED.')).toBeInTheDocument();
    for (const label of ['Account number', 'Month', 'Receipt (photo or PDF)', 'Amount (AED)']) {
      expect(form.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(posts(requests)).toHaveLength(0);
  });

  it('checks the receipt for type and size before sending', async () => {
    const { user, requests } = setupMonthlyPay();
    const form = await openForm(user);
    const file = form.getByLabelText('Receipt (photo or PDF)');
    // The picker's accept filter can be bypassed (drag and drop, "all files"), so the form checks too.
    fireEvent.change(file, { target: { files: [receipt('notes.txt', 'text/plain')] } });
    await user.click(form.getByRole('button', { name: 'Send payment' }));
    expect(
      await form.findByText(
        'This file type is not accepted. Please send a JPEG, PNG, WebP or HEIC photo, or a PDF.',
      ),
    ).toBeInTheDocument();

    fireEvent.change(file, {
      target: { files: [receipt('big.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1)] },
    });
    await user.click(form.getByRole('button', { name: 'Send payment' }));
    expect(
      await form.findByText('This file is larger than 10 MB. Please send a smaller file.'),
    ).toBeInTheDocument();
    expect(posts(requests)).toHaveLength(0);
  });

  it('previews a photo as a thumbnail and a PDF by its name', async () => {
    const { user } = setupMonthlyPay();
    const form = await openForm(user);
    await user.upload(form.getByLabelText('Receipt (photo or PDF)'), receipt());
    expect(await form.findByRole('img', { name: 'Your receipt' })).toHaveAttribute(
      'src',
      'blob:http://localhost/preview',
    );

    await user.upload(
      form.getByLabelText('Receipt (photo or PDF)'),
      receipt('bank-slip.pdf', 'application/pdf'),
    );
    expect(await form.findByText(/bank-slip\.pdf/)).toBeInTheDocument();
    expect(form.queryByRole('img', { name: 'Your receipt' })).not.toBeInTheDocument();
  });

  it('sends the four fields as multipart, then shows the month Under review', async () => {
    let accountCalls = 0;
    const { user, requests } = setupMonthlyPay({
      handlers: {
        'GET /api/my-account-data': () => {
          accountCalls += 1;
          const rows = rahulRows();
          if (accountCalls > 1)
            rows[1] = { ...rows[1]!, description: 'Receipt under review', status: 'pending' };
          return { body: accountBody(rows) };
        },
        'POST /api/save-monthly-payment': () => ({
          body: {
            status_code: 200,
            message: SUBMITTED,
            payment: duesPayment({
              id: 13,
              period: '2026-10',
              month: 'October 2026',
              status: 'pending',
              approved_amount: null,
            }),
          },
        }),
      },
    });
    const form = await openForm(user);
    const paymentsCallsBefore = requests.filter((r) => r.url.startsWith('/api/my-payments')).length;
    await user.type(form.getByLabelText('Account number'), ACCOUNT);
    await user.selectOptions(form.getByLabelText('Month'), 'October');
    await user.upload(form.getByLabelText('Receipt (photo or PDF)'), receipt());
    await user.click(form.getByRole('button', { name: 'Send payment' }));

    expect(await screen.findByText(SUBMITTED)).toBeInTheDocument();
    const [post] = posts(requests);
    expect(post!.body).toBeInstanceOf(FormData);
    const body = post!.body as FormData;
    expect([...body.keys()].sort()).toEqual(['account_number', 'month', 'payment_amount', 'photo']);
    expect(body.get('payment_amount')).toBe('200.00');
    expect(body.get('month')).toBe('October');
    expect(body.get('account_number')).toBe(ACCOUNT);
    expect((body.get('photo') as File).name).toBe('receipt.jpg');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The account data was asked again, so October reads Under review at once.
    await waitFor(() => expect(accountCalls).toBe(2));
    const list = screen.getByRole('region', { name: 'Monthly dues' });
    const october = within(list)
      .getAllByRole('listitem')
      .find((li) => li.textContent?.includes('October 2026'))!;
    await waitFor(() => expect(october).toHaveTextContent('Under review'));
    // The history was asked again too.
    await waitFor(() =>
      expect(requests.filter((r) => r.url.startsWith('/api/my-payments'))).toHaveLength(
        paymentsCallsBefore + 1,
      ),
    );
  });

  it('opens from a due row with that month chosen', async () => {
    const { user } = setupMonthlyPay();
    await user.click(await screen.findByRole('button', { name: 'Pay the due for October 2026' }));
    const form = within(await screen.findByRole('dialog', { name: 'Monthly Payment' }));
    expect(form.getByLabelText('Month')).toHaveValue('October');
  });

  it('offers the account number of the last receipt', async () => {
    const { user } = setupMonthlyPay({ payments: [duesPayment({ account_number: ACCOUNT })] });
    await screen.findByText('Due for August 2026');
    const form = await openForm(user);
    expect(form.getByLabelText('Account number')).toHaveValue(ACCOUNT);
  });

  it('shows a refusal of the server (409) beside the month and in a toast, and stays open', async () => {
    const { user } = setupMonthlyPay({
      handlers: {
        'POST /api/save-monthly-payment': () => ({
          status: 409,
          body: {
            status_code: 409,
            message: 'A receipt for October 2026 is already under review.',
            errors: { month: ['Choose another month.'] },
          },
        }),
      },
    });
    const form = await openForm(user);
    await user.type(form.getByLabelText('Account number'), ACCOUNT);
    await user.selectOptions(form.getByLabelText('Month'), 'October');
    await user.upload(form.getByLabelText('Receipt (photo or PDF)'), receipt());
    await user.click(form.getByRole('button', { name: 'Send payment' }));

    expect(
      await screen.findByText('A receipt for October 2026 is already under review.'),
    ).toBeInTheDocument();
    expect(form.getByText('Choose another month.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Monthly Payment' })).toBeInTheDocument();
  });

  describe('with a part-paid month', () => {
    const rows = () => {
      const all = rahulRows();
      all[1] = {
        ...all[1]!,
        description: 'Part paid: AED 120 of AED 200',
        paid: 120,
        remaining: 80,
      };
      return all;
    };
    const partPaidSetup = () =>
      setupMonthlyPay({
        handlers: { 'GET /api/my-account-data': () => ({ body: accountBody(rows()) }) },
      });

    it('prefills what is left of the month and shows its due and what is paid', async () => {
      const { user } = partPaidSetup();
      await user.click(await screen.findByRole('button', { name: 'Pay the due for October 2026' }));
      const form = within(await screen.findByRole('dialog', { name: 'Monthly Payment' }));
      expect(form.getByLabelText('Month')).toHaveValue('October');
      expect(form.getByLabelText('Amount (AED)')).toHaveValue(80);
      expect(
        form.getByText(
          'The due for October 2026 is AED 200. Already paid: AED 120. Left to pay: AED 80.',
        ),
      ).toBeInTheDocument();
    });

    it('refuses more than is left of the month, sending nothing', async () => {
      const { user, requests } = partPaidSetup();
      await user.click(await screen.findByRole('button', { name: 'Pay the due for October 2026' }));
      const form = within(await screen.findByRole('dialog', { name: 'Monthly Payment' }));
      await user.clear(form.getByLabelText('Amount (AED)'));
      await user.type(form.getByLabelText('Amount (AED)'), '80.01');
      await user.click(form.getByRole('button', { name: 'Send payment' }));
      const tooMuch = 'Only AED 80 is left to pay for October 2026. Enter AED 80 or less.';
      // Said at once, before the other fields are filled in.
      expect(await form.findByText(tooMuch)).toBeInTheDocument();
      expect(form.getByLabelText('Amount (AED)')).toHaveAttribute('aria-invalid', 'true');

      await user.type(form.getByLabelText('Account number'), ACCOUNT);
      await user.upload(form.getByLabelText('Receipt (photo or PDF)'), receipt());
      await user.click(form.getByRole('button', { name: 'Send payment' }));
      expect(await form.findByText(tooMuch)).toBeInTheDocument();
      expect(posts(requests)).toHaveLength(0);
    });

    it('sends what is left', async () => {
      const { user, requests } = partPaidSetup();
      await user.click(await screen.findByRole('button', { name: 'Pay the due for October 2026' }));
      const form = within(await screen.findByRole('dialog', { name: 'Monthly Payment' }));
      await user.type(form.getByLabelText('Account number'), ACCOUNT);
      await user.upload(form.getByLabelText('Receipt (photo or PDF)'), receipt());
      await user.click(form.getByRole('button', { name: 'Send payment' }));
      await waitFor(() => expect(posts(requests)).toHaveLength(1));
      const body = posts(requests)[0]!.body as FormData;
      expect(body.get('payment_amount')).toBe('80.00');
      expect(body.get('month')).toBe('October');
    });

    it('takes the amount left of a month chosen in the form', async () => {
      const { user } = partPaidSetup();
      const form = await openForm(user);
      await user.selectOptions(form.getByLabelText('Month'), 'October');
      expect(form.getByLabelText('Amount (AED)')).toHaveValue(80);
      await user.selectOptions(form.getByLabelText('Month'), 'November');
      expect(form.getByLabelText('Amount (AED)')).toHaveValue(200);
      expect(form.getByText('The due for November 2026 is AED 200.')).toBeInTheDocument();
    });

    it('says a month paid in full has nothing left', async () => {
      const { user } = partPaidSetup();
      const form = await openForm(user);
      await user.selectOptions(form.getByLabelText('Month'), 'August');
      await user.click(form.getByRole('button', { name: 'Send payment' }));
      expect(
        await form.findByText('August 2026 is already paid in full. Choose another month.'),
      ).toBeInTheDocument();
    });
  });

  it('shows where to send the money inside the form', async () => {
    const { user } = setupMonthlyPay();
    const form = await openForm(user);
    const panel = within(form.getByRole('region', { name: 'Where to send the money' }));
    // The number in an element of its own, left to right in Arabic and Urdu too.
    const iban = panel.getByText('AE07 0331 2345 6789 0123 456');
    expect(iban).toHaveAttribute('dir', 'ltr');
    expect(iban.parentElement).toHaveTextContent(/^IBAN AE07 0331 2345 6789 0123 456$/);
    expect(panel.getByRole('button', { name: 'Copy AE070331234567890123456' })).toBeInTheDocument();
  });
});
