import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  accountBody,
  duesPayment,
  januaryPartAhead,
  partPaid,
  rahulRows,
  stubObjectUrls,
} from '../testing/fixtures.ts';
import { setupMonthlyPay, type MonthlyPayOptions } from '../testing/monthly-pay-page.tsx';
import { activeLoan, settingsBody } from '../../../testing/api-fixtures.ts';
import { getSettingsQueryOptions } from '../../../api/get-settings.ts';

/** With a stand-in for Apply Loan, where the first-loan banner leads. */
const setup = (options: MonthlyPayOptions = {}) =>
  setupMonthlyPay({ routes: { '/user/apply-loan': 'APPLY LOAN PAGE' }, ...options });

const monthRow = async (label: string) => {
  const list = await screen.findByRole('region', { name: 'Monthly dues' });
  const row = within(list)
    .getAllByRole('listitem')
    .find((li) => li.textContent?.includes(label));
  if (!row) throw new Error(`no row for ${label}`);
  return within(row);
};

beforeEach(() => {
  stubObjectUrls();
});

describe('the monthly rows', () => {
  it('show each state as the spec says: Completed with Thank you!!, Under review, Pay Now and Due', async () => {
    setup();
    const completed = await monthRow('August 2026');
    expect(completed.getByText('Completed')).toBeInTheDocument();
    expect(completed.getByText('Thank you!!')).toBeInTheDocument();
    expect(completed.queryByRole('button')).not.toBeInTheDocument();

    const pending = await monthRow('September 2026');
    expect(pending.getByText('Under review')).toBeInTheDocument();
    expect(pending.queryByText('Thank you!!')).not.toBeInTheDocument();
    expect(pending.queryByRole('button')).not.toBeInTheDocument();

    const payNow = await monthRow('November 2026');
    expect(payNow.getByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    expect(payNow.queryByText('Due')).not.toBeInTheDocument();

    const due = await monthRow('October 2026');
    expect(due.getByText('Due')).toBeInTheDocument();
    expect(due.getByRole('button', { name: 'Pay the due for October 2026' })).toBeInTheDocument();
    expect(due.getByText('Monthly due not paid yet')).toBeInTheDocument();
    expect(due.getByText('AED 200')).toBeInTheDocument();
  });

  it('lists the months newest first, as the server sends them', async () => {
    setup();
    const list = await screen.findByRole('region', { name: 'Monthly dues' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    const months = within(list)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('p')?.textContent);
    expect(months).toEqual(['November 2026', 'October 2026', 'September 2026', 'August 2026']);
  });

  it('treats an unknown status as due', async () => {
    const rows = rahulRows();
    rows[0] = { ...rows[0]!, status: 'overdue' as never };
    setup({ handlers: { 'GET /api/my-account-data': () => ({ body: accountBody(rows) }) } });
    expect((await monthRow('November 2026')).getByText('Due')).toBeInTheDocument();
  });

  it('shows the saving and due balances from the account data', async () => {
    setup({
      handlers: {
        'GET /api/my-account-data': () => ({
          body: accountBody(rahulRows(), { account_balance: 1600, due_balance: 356.67 }),
        }),
      },
    });
    expect(await screen.findByText('AED 1,600')).toBeInTheDocument();
    expect(screen.getByText('AED 356.67')).toBeInTheDocument();
  });

  it('shows what is under review beside the due, which stays due until approved', async () => {
    // 120 of this month and last month's 200 sent, neither approved yet (issue 33).
    setup({
      handlers: {
        'GET /api/my-account-data': () => ({
          body: accountBody(rahulRows(), { due_balance: 400, under_review: 320 }),
        }),
      },
    });
    const due = (await screen.findByText('Due Balance')).parentElement!;
    expect(due).toHaveTextContent('AED 400');
    expect(within(due).getByText('AED 320 under review')).toBeInTheDocument();
    expect(screen.queryByText('Nothing is due. Thank you!')).not.toBeInTheDocument();
  });

  it('says nothing is due only when nothing is, with what waits for review beside it', async () => {
    setup({
      handlers: {
        'GET /api/my-account-data': () => ({
          body: accountBody(rahulRows(), { due_balance: 0, under_review: 200 }),
        }),
      },
    });
    const due = (await screen.findByText('Due Balance')).parentElement!;
    expect(within(due).getByText('Nothing is due. Thank you!')).toBeInTheDocument();
    expect(within(due).getByText('AED 200 under review')).toBeInTheDocument();
  });

  it("says when a payment is credited, in the spec's words", async () => {
    setup();
    expect(
      await screen.findByText(
        'Your payment is credited once the treasurer approves it, usually within 1 hour to 2 days.',
      ),
    ).toBeInTheDocument();
  });

  it('shows a month paid ahead as paid, and one paid ahead in part as not due yet', async () => {
    const rows = rahulRows();
    rows.unshift(
      { ...januaryPartAhead(rows[0]!), description: 'Part paid: AED 150 of AED 200' },
      {
        ...rows[0]!,
        month: 'December 2026',
        period: '2026-12',
        status: 'completed',
        paid: 200,
        remaining: 0,
        description: 'Monthly due paid',
      },
    );
    rows.sort((a, b) => b.period.localeCompare(a.period));
    const { user } = setup({
      handlers: { 'GET /api/my-account-data': () => ({ body: accountBody(rows) }) },
    });
    const december = await monthRow('December 2026');
    expect(december.getByText('Completed')).toBeInTheDocument();
    const january = await monthRow('January 2027');
    expect(january.getByText('Not due yet')).toBeInTheDocument();
    expect(january.queryByText('Due')).not.toBeInTheDocument();
    expect(january.getByText('AED 50 left')).toBeInTheDocument();
    await user.click(january.getByRole('button', { name: 'Pay the due for January 2027' }));
    const form = within(await screen.findByRole('dialog', { name: 'Monthly Payment' }));
    expect(form.getByLabelText('Month')).toHaveValue('2027-01');
    expect(form.getByLabelText('Amount (AED)')).toHaveValue(50);
  });

  it('says so when there are no months yet', async () => {
    setup({ handlers: { 'GET /api/my-account-data': () => ({ body: accountBody([]) }) } });
    expect(await screen.findByText('No monthly dues yet.')).toBeInTheDocument();
  });
});

describe('Pay Now', () => {
  // It used to open the loan repayment form ("Pay your loan"), whatever the member owed.
  it("opens the dues form for this month's row, with its due as the amount", async () => {
    const { user } = setup({ loans: [activeLoan()] });
    await user.click((await monthRow('November 2026')).getByRole('button', { name: 'Pay Now' }));
    const form = within(await screen.findByRole('dialog', { name: 'Monthly Payment' }));
    expect(form.getByLabelText('Month')).toHaveValue('2026-11');
    expect(form.getByLabelText('Amount (AED)')).toHaveValue(200);
    expect(form.getByLabelText('Receipt (photo or PDF)')).toBeInTheDocument();
    expect(form.getByLabelText('Account number')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /loan/i })).not.toBeInTheDocument();
  });

  it('offers Repay loan beside it only to a member with an active loan', async () => {
    const { queryClient } = setup({ loans: [activeLoan({ state: 'pending' })] });
    await screen.findByRole('region', { name: 'Monthly dues' });
    await waitFor(() => expect(queryClient.getQueryData(['myLoans'])).toBeDefined());
    expect(screen.queryByRole('button', { name: 'Repay loan' })).not.toBeInTheDocument();
  });
});

describe('a part-paid month', () => {
  const partPaidRows = () => {
    const rows = rahulRows();
    rows[0] = partPaid(rows[0]!);
    return rows;
  };

  it('says what was paid of its due and what is left', async () => {
    setup({
      handlers: { 'GET /api/my-account-data': () => ({ body: accountBody(partPaidRows()) }) },
    });
    const row = await monthRow('November 2026');
    expect(row.getByText('Part paid: AED 120 of AED 200')).toBeInTheDocument();
    expect(row.getByText('AED 80 left')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    // A month paid in full or not at all shows its due as before.
    expect((await monthRow('October 2026')).getByText('AED 200')).toBeInTheDocument();
  });

  it('is paid with what is left of it', async () => {
    const { user } = setup({
      handlers: { 'GET /api/my-account-data': () => ({ body: accountBody(partPaidRows()) }) },
    });
    await user.click((await monthRow('November 2026')).getByRole('button', { name: 'Pay Now' }));
    const form = within(await screen.findByRole('dialog', { name: 'Monthly Payment' }));
    expect(form.getByLabelText('Amount (AED)')).toHaveValue(80);
    expect(
      form.getByText(
        'The due for November 2026 is AED 200. Already paid: AED 120. Left to pay: AED 80.',
      ),
    ).toBeInTheDocument();
  });
});

describe('where to send the money', () => {
  it('lists the instructions, a copy button beside each account number', async () => {
    const { user } = setup();
    const panel = within(await screen.findByRole('region', { name: 'Where to send the money' }));
    const lines = panel.getAllByRole('listitem');
    expect(lines.map((li) => li.firstChild?.textContent)).toEqual([
      'Bank transfer to Emirates NBD, account name "Jamiya Savings Association"',
      'IBAN AE07 0331 2345 6789 0123 456',
      'Or Botim / exchange house to the treasurer, Fatima Al Mansoori: 050 123 9876',
    ]);
    expect(within(lines[0]!).queryByRole('button')).not.toBeInTheDocument();

    // userEvent.setup() put a clipboard in place of the browser's.
    await user.click(
      within(lines[1]!).getByRole('button', { name: 'Copy AE070331234567890123456' }),
    );
    expect(await navigator.clipboard.readText()).toBe('AE070331234567890123456');
    expect(within(lines[1]!).getByRole('button')).toHaveTextContent('Copied');

    await user.click(within(lines[2]!).getByRole('button', { name: /^Copy / }));
    expect(await navigator.clipboard.readText()).toBe('0501239876');
  });

  it("gives the member's own ID to write in the transfer, with a copy button", async () => {
    const { user } = setup();
    const panel = within(await screen.findByRole('region', { name: 'Where to send the money' }));
    const sentence =
      "Write your member ID, JM000003, in the transfer's Reference (or Remarks) field.";
    expect(
      await panel.findByText((_, el) => el?.tagName === 'P' && el.textContent === sentence),
    ).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Copy JM000003' }));
    expect(await navigator.clipboard.readText()).toBe('JM000003');
  });

  it('asks the member to contact the committee when there are none', async () => {
    setup({
      handlers: {
        'GET /api/settings': () => ({ body: { ...settingsBody(), payment_instructions: '' } }),
      },
    });
    const panel = within(await screen.findByRole('region', { name: 'Where to send the money' }));
    expect(
      panel.getByText(
        'Please contact the committee for the account details before you send money.',
      ),
    ).toBeInTheDocument();
    // Only the member ID's copy button: there is no account number to copy.
    expect(panel.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Copy JM000003',
    ]);
  });
});

describe('loading and failure', () => {
  it('shows Loading... until the account data arrives', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    setup({
      handlers: { 'GET /api/my-account-data': () => new Promise((resolve) => (answer = resolve)) },
    });
    expect(screen.getAllByText('Loading...').length).toBeGreaterThan(0);
    expect(screen.queryByRole('region', { name: 'Monthly dues' })).not.toBeInTheDocument();
    answer({ body: accountBody() });
    expect(await screen.findByRole('region', { name: 'Monthly dues' })).toBeInTheDocument();
  });

  it('shows an error with a retry that asks again', async () => {
    let calls = 0;
    const { user } = setup({
      handlers: {
        'GET /api/my-account-data': () =>
          ++calls === 1
            ? {
                status: 500,
                body: { status_code: 500, message: 'Something went wrong on our side.' },
              }
            : { body: accountBody() },
      },
    });
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Monthly dues' })).toBeInTheDocument();
  });

  it('shows No account data found when there is none', async () => {
    setup({
      handlers: {
        'GET /api/my-account-data': () => ({
          status: 404,
          body: { status_code: 404, message: 'Not found.' },
        }),
      },
    });
    expect(await screen.findByText('No account data found')).toBeInTheDocument();
  });
});

describe('the first-loan banner', () => {
  it('offers the loan policy default and links to the application', async () => {
    const { user } = setup({ policy: { default: 1500 } });
    const banner = await screen.findByRole('link', { name: /Get your 1st Loan/ });
    expect(banner).toHaveTextContent('Get your 1st Loan AED 1,500');
    await user.click(banner);
    expect(await screen.findByText('APPLY LOAN PAGE')).toBeInTheDocument();
  });

  it.each(['pending', 'approved', 'active'] as const)(
    'is not shown beside a loan that is %s',
    async (state) => {
      const { queryClient } = setup({ loans: [activeLoan({ state })] });
      await screen.findByRole('region', { name: 'Monthly dues' });
      // Both answers the banner depends on have arrived, so its absence means something.
      await waitFor(() => expect(queryClient.getQueryData(['myLoans'])).toBeDefined());
      await waitFor(() =>
        expect(queryClient.getQueryData(getSettingsQueryOptions().queryKey)).toBeDefined(),
      );
      expect(screen.queryByRole('link', { name: /Loan/ })).not.toBeInTheDocument();
    },
  );

  it('speaks of the next loan once one was repaid', async () => {
    setup({ loans: [activeLoan({ state: 'closed' })] });
    expect(await screen.findByRole('link', { name: /Get your next loan/ })).toHaveTextContent(
      'AED 1,000',
    );
  });
});

describe('the submissions history', () => {
  it('shows each submission with its review, and the reason of a rejection', async () => {
    setup({
      payments: [
        duesPayment({
          id: 3,
          period: '2026-10',
          status: 'pending',
          approved_amount: null,
          reviewed_at: null,
        }),
        duesPayment({
          id: 2,
          period: '2026-09',
          status: 'rejected',
          approved_amount: null,
          review_note: 'The receipt is not readable.',
        }),
        duesPayment({
          id: 1,
          kind: 'loan_repayment',
          period: null,
          month: null,
          loan_id: 1,
          amount: 356.67,
          approved_amount: 356.67,
          receipt_url: null,
        }),
      ],
    });
    const history = await screen.findByRole('region', { name: 'My payments' });
    const items = await within(history).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Due for October 2026');
    expect(items[0]).toHaveTextContent('Under review');
    expect(items[1]).toHaveTextContent('Rejected');
    expect(items[1]).toHaveTextContent('Reason: The receipt is not readable.');
    expect(items[2]).toHaveTextContent('Loan repayment');
    expect(items[2]).toHaveTextContent('Approved');
    expect(
      within(items[2]!).queryByRole('button', { name: /View receipt/ }),
    ).not.toBeInTheDocument();
  });

  it('shows a receipt, fetched with the session, in a modal', async () => {
    const { user, requests } = setup({
      payments: [duesPayment()],
      handlers: { 'GET /api/files/57479314-0de0-4ddd-95a9-6ecf5f998d7f': () => ({ body: {} }) },
    });
    await user.click(
      await screen.findByRole('button', { name: 'View receipt: Due for August 2026' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Receipt' });
    const image = await within(dialog).findByRole('img', {
      name: 'Receipt of Due for August 2026',
    });
    expect(image).toHaveAttribute('src', 'blob:http://localhost/preview');
    expect(requests.some((r) => r.url === '/api/files/57479314-0de0-4ddd-95a9-6ecf5f998d7f')).toBe(
      true,
    );
  });

  it('says so when nothing was sent yet', async () => {
    setup();
    expect(await screen.findByText('You have not sent any payment yet.')).toBeInTheDocument();
  });
});
