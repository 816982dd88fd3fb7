import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StubRequest } from '../../../testing/render.tsx';
import {
  accountBody,
  duesPayment,
  januaryPartAhead,
  partPaid,
  rahulRows,
  stubObjectUrls,
} from '../testing/fixtures.ts';
import { fillTransfer, receipt, setupMonthlyPay } from '../testing/monthly-pay-page.tsx';
import i18n from '../../../app/i18n.ts';

/** A text of the dues page in Hindi. */
const hindi = async (key: string) => {
  await i18n.loadNamespaces('dues');
  return i18n._(`dues.${key}`);
};

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
  it("says when the money reaches the balance: once the treasurer approves it, in the spec's hour", async () => {
    const { user } = setupMonthlyPay();
    const form = await openForm(user);
    expect(
      form.getByText(
        'Your payment is credited once the treasurer approves it, usually within 1 hour to 2 days.',
      ),
    ).toBeInTheDocument();
  });

  it('starts with no month chosen, offering the months that can be paid, with their year and what is left, and 12 months ahead', async () => {
    const rows = rahulRows();
    // October part paid; a month ahead part paid, another paid, another under review.
    rows[1] = {
      ...rows[1]!,
      paid: 120,
      remaining: 80,
      description: 'Part paid: AED 120 of AED 200',
    };
    rows.unshift(
      { ...rows[0]!, month: 'March 2027', period: '2027-03', status: 'pending' },
      {
        ...rows[0]!,
        month: 'February 2027',
        period: '2027-02',
        status: 'completed',
        paid: 200,
        remaining: 0,
      },
      januaryPartAhead(rows[0]!),
    );
    rows.sort((a, b) => b.period.localeCompare(a.period));
    const { user } = setupMonthlyPay({
      handlers: { 'GET /api/my-account-data': () => ({ body: accountBody(rows) }) },
    });
    const form = await openForm(user);
    const month = form.getByLabelText('Month');
    expect(month).toHaveValue('');
    expect(
      form.getByRole('option', { name: 'Choose a month', selected: true }),
    ).toBeInTheDocument();
    const options = (group: string) =>
      within(form.getByRole('group', { name: group }))
        .getAllByRole('option')
        .map((o) => [(o as HTMLOptionElement).value, o.textContent?.replace(/\u00a0/g, ' ')]);
    // What is owed, oldest first; not August (paid) nor September (under review).
    expect(options('To pay')).toEqual([
      ['2026-10', 'October 2026 · AED 80 left'],
      ['2026-11', 'November 2026 · AED 200'],
    ]);
    // The 12 months after this one, but those paid or under review.
    expect(options('Pay ahead')).toEqual([
      ['2026-12', 'December 2026 · AED 200'],
      ['2027-01', 'January 2027 · AED 50 left'],
      ['2027-04', 'April 2027 · AED 200'],
      ['2027-05', 'May 2027 · AED 200'],
      ['2027-06', 'June 2027 · AED 200'],
      ['2027-07', 'July 2027 · AED 200'],
      ['2027-08', 'August 2027 · AED 200'],
      ['2027-09', 'September 2027 · AED 200'],
      ['2027-10', 'October 2027 · AED 200'],
      ['2027-11', 'November 2027 · AED 200'],
    ]);
    expect(form.getByLabelText('Amount (AED)')).toHaveValue(200);
  });

  it('pays a month ahead, sending it with its year', async () => {
    const { user, requests } = setupMonthlyPay({
      handlers: {
        'POST /api/save-monthly-payment': () => ({
          body: {
            status_code: 200,
            message: SUBMITTED,
            payment: duesPayment({ period: '2027-02', month: 'February 2027', status: 'pending' }),
          },
        }),
      },
    });
    const form = await openForm(user);
    await user.type(form.getByLabelText('Account number'), ACCOUNT);
    await user.selectOptions(form.getByLabelText('Month'), '2027-02');
    expect(form.getByText('The due for February 2027 is AED 200.')).toBeInTheDocument();
    await user.upload(form.getByLabelText('Receipt (photo or PDF)'), receipt());
    await user.click(form.getByRole('button', { name: 'Send payment' }));
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    const body = posts(requests)[0]!.body as FormData;
    expect(body.get('month')).toBe('2027-02');
    expect(body.get('payment_amount')).toBe('200.00');
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

  it('refuses a file that is not a photo or a PDF as soon as it is chosen, before anything is sent', async () => {
    const { user, requests } = setupMonthlyPay();
    // The picker's accept filter can be bypassed (drag and drop, "all files"), so the form checks too.
    const anyFile = userEvent.setup({ applyAccept: false });
    const form = await openForm(user);
    const file = form.getByLabelText('Receipt (photo or PDF)');
    await anyFile.upload(file, receipt('notes.txt', 'text/plain'));
    expect(
      await form.findByText(
        'This file cannot be sent: choose a photo (JPEG, PNG, WebP or HEIC) or a PDF.',
      ),
    ).toBeInTheDocument();
    expect(file).toHaveAttribute('aria-invalid', 'true');
    // Not kept: the input is emptied, nothing is previewed or prepared to send.
    expect((file as HTMLInputElement).files).toHaveLength(0);
    expect(form.queryByText(/To send:/)).not.toBeInTheDocument();

    await anyFile.upload(file, receipt('big.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1));
    expect(
      await form.findByText('This file is larger than 10 MB: choose a smaller one.'),
    ).toBeInTheDocument();

    // A receipt chosen after it clears the refusal.
    await user.upload(file, receipt());
    await waitFor(() => expect(file).toHaveAttribute('aria-invalid', 'false'));
    expect(form.queryByText(/cannot be sent|larger than 10 MB/)).not.toBeInTheDocument();
    expect(await form.findByText(/To send:/)).toBeInTheDocument();

    // A refused file leaves none: the form asks for a receipt and sends nothing.
    await anyFile.upload(file, receipt('notes.txt', 'text/plain'));
    await user.type(form.getByLabelText('Account number'), ACCOUNT);
    await user.selectOptions(form.getByLabelText('Month'), '2026-10');
    await user.click(form.getByRole('button', { name: 'Send payment' }));
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveClass('animate-shake'));
    expect(posts(requests)).toHaveLength(0);
  });

  it("refuses it in the member's language", async () => {
    await i18n.changeLanguage('hi');
    try {
      const { user } = setupMonthlyPay();
      await user.click(await screen.findByRole('button', { name: await hindi('actions.payDue') }));
      const form = within(await screen.findByRole('dialog', { name: await hindi('form.title') }));
      await userEvent
        .setup({ applyAccept: false })
        .upload(
          form.getByLabelText(await hindi('form.receipt')),
          receipt('notes.txt', 'text/plain'),
        );
      const refusal = await hindi('form.notAReceipt');
      expect(refusal).not.toMatch(/cannot be sent/);
      expect(await form.findByText(refusal)).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
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
    await user.selectOptions(form.getByLabelText('Month'), '2026-10');
    await user.upload(form.getByLabelText('Receipt (photo or PDF)'), receipt());
    await user.click(form.getByRole('button', { name: 'Send payment' }));

    expect(await screen.findByText(SUBMITTED)).toBeInTheDocument();
    const [post] = posts(requests);
    expect(post!.body).toBeInstanceOf(FormData);
    const body = post!.body as FormData;
    expect([...body.keys()].sort()).toEqual(['account_number', 'month', 'payment_amount', 'photo']);
    expect(body.get('payment_amount')).toBe('200.00');
    expect(body.get('month')).toBe('2026-10');
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
    expect(form.getByLabelText('Month')).toHaveValue('2026-10');
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
    await user.selectOptions(form.getByLabelText('Month'), '2026-10');
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
      all[1] = partPaid(all[1]!);
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
      expect(form.getByLabelText('Month')).toHaveValue('2026-10');
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
      expect(body.get('month')).toBe('2026-10');
    });

    it('takes the amount left of a month chosen in the form', async () => {
      const { user } = partPaidSetup();
      const form = await openForm(user);
      await user.selectOptions(form.getByLabelText('Month'), '2026-10');
      expect(form.getByLabelText('Amount (AED)')).toHaveValue(80);
      await user.selectOptions(form.getByLabelText('Month'), '2026-11');
      expect(form.getByLabelText('Amount (AED)')).toHaveValue(200);
      expect(form.getByText('The due for November 2026 is AED 200.')).toBeInTheDocument();
    });

    it('does not offer a month paid in full or under review', async () => {
      const { user } = partPaidSetup();
      const form = await openForm(user);
      const values = within(form.getByLabelText('Month'))
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value);
      expect(values).not.toContain('2026-08');
      expect(values).not.toContain('2026-09');
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

describe("the transfer's date and the bank's reference, optional", () => {
  // 01:30 on 21 November in Dubai, still the 20th in UTC: the form counts Dubai's days.
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-20T21:30:00Z'), toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const answer = () => ({
    body: { status_code: 200, message: SUBMITTED, payment: duesPayment({ status: 'pending' }) },
  });

  /** The form with its required fields filled in, for October. */
  async function filledForm(user: ReturnType<typeof userEvent.setup>) {
    const form = await openForm(user);
    await user.type(form.getByLabelText('Account number'), ACCOUNT);
    await user.selectOptions(form.getByLabelText('Month'), '2026-10');
    await user.upload(form.getByLabelText('Receipt (photo or PDF)'), receipt());
    return form;
  }

  it('are behind a button, so the form stays short', async () => {
    const { user } = setupMonthlyPay();
    const form = await openForm(user);
    expect(form.queryByLabelText('Transfer date (optional)')).not.toBeInTheDocument();
    expect(form.queryByLabelText("Bank's reference number (optional)")).not.toBeInTheDocument();
    // The button comes with the form's later part, loaded on demand: found once it is there.
    const more = await form.findByRole('button', {
      name: "Add the transfer's date and reference (optional)",
    });
    expect(more).toHaveAttribute('aria-expanded', 'false');
  });

  it("are sent when given, the date as today's in Dubai", async () => {
    const { user, requests } = setupMonthlyPay({
      handlers: { 'POST /api/save-monthly-payment': answer },
    });
    const form = await filledForm(user);
    await fillTransfer(user, form, { date: '2026-11-21', reference: ' FT26325ABC12 ' });
    await user.click(form.getByRole('button', { name: 'Send payment' }));
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    const body = posts(requests)[0]!.body as FormData;
    expect(body.get('transfer_date')).toBe('2026-11-21');
    expect(body.get('bank_reference')).toBe('FT26325ABC12');
    expect(body.get('month')).toBe('2026-10');
  });

  it('are not sent when left empty, the part opened or not', async () => {
    const { user, requests } = setupMonthlyPay({
      handlers: { 'POST /api/save-monthly-payment': answer },
    });
    const form = await filledForm(user);
    await fillTransfer(user, form, {});
    await user.type(form.getByLabelText("Bank's reference number (optional)"), '   ');
    await user.click(form.getByRole('button', { name: 'Send payment' }));
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    const body = posts(requests)[0]!.body as FormData;
    expect([...body.keys()].sort()).toEqual(['account_number', 'month', 'payment_amount', 'photo']);
  });

  it('refuse a date after today, beside the date, and sending nothing', async () => {
    const { user, requests } = setupMonthlyPay({
      handlers: { 'POST /api/save-monthly-payment': answer },
    });
    const form = await filledForm(user);
    await fillTransfer(user, form, { date: '2026-11-22' });
    await user.click(form.getByRole('button', { name: 'Send payment' }));
    expect(await form.findByText('The transfer date cannot be after today.')).toBeInTheDocument();
    const day = form.getByLabelText('Transfer date (optional), Day');
    expect(day).toHaveAttribute('aria-invalid', 'true');
    // The refused field takes the focus, as any other does.
    expect(day).toHaveFocus();
    expect(posts(requests)).toHaveLength(0);

    // Today's date (the receipt's) is taken.
    await user.selectOptions(day, '21');
    await user.click(form.getByRole('button', { name: 'Send payment' }));
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect((posts(requests)[0]!.body as FormData).get('transfer_date')).toBe('2026-11-21');
  });

  it('refuse a date with a part not chosen, and a reference longer than a bank writes', async () => {
    const { user, requests } = setupMonthlyPay();
    const form = await filledForm(user);
    await fillTransfer(user, form, { reference: 'A'.repeat(61) });
    await user.selectOptions(form.getByLabelText('Transfer date (optional), Day'), '03');
    await user.click(form.getByRole('button', { name: 'Send payment' }));
    expect(await form.findByText('Choose the day, the month and the year.')).toBeInTheDocument();
    expect(
      form.getByText("The bank's reference must be at most 60 characters."),
    ).toBeInTheDocument();
    expect(form.getByLabelText("Bank's reference number (optional)")).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(posts(requests)).toHaveLength(0);
  });

  it("shows the server's refusal of the date beside it", async () => {
    const { user } = setupMonthlyPay({
      handlers: {
        'POST /api/save-monthly-payment': () => ({
          status: 422,
          body: {
            status_code: 422,
            message: 'The transfer date cannot be after today.',
            errors: { transfer_date: ['Enter the date on the receipt.'] },
          },
        }),
      },
    });
    const form = await filledForm(user);
    await fillTransfer(user, form, { date: '2026-11-20' });
    await user.click(form.getByRole('button', { name: 'Send payment' }));
    expect(await form.findByText('Enter the date on the receipt.')).toBeInTheDocument();
    expect(form.getByLabelText('Transfer date (optional), Day')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it("refuses a date after today in the member's language", async () => {
    await i18n.changeLanguage('hi');
    try {
      const { user } = setupMonthlyPay();
      await user.click(await screen.findByRole('button', { name: await hindi('actions.payDue') }));
      const form = within(await screen.findByRole('dialog', { name: await hindi('form.title') }));
      await user.click(form.getByRole('button', { name: await hindi('transfer.add') }));
      const [day, month, year] = within(
        await form.findByRole('group', { name: await hindi('transfer.date') }),
      ).getAllByRole('combobox');
      await user.selectOptions(day!, '22');
      await user.selectOptions(month!, '11');
      await user.selectOptions(year!, '2026');
      await user.click(form.getByRole('button', { name: await hindi('form.submit') }));
      const refusal = await hindi('transfer.afterToday');
      expect(refusal).not.toMatch(/after today/);
      expect(await form.findByText(refusal)).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
