import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LoanGuarantor } from '@jamiya/contracts/guarantees';
import type { Loan } from '@jamiya/contracts/loans';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { activeLoan, loansBody, pendingLoan } from '../../../testing/api-fixtures.ts';
import { MyLoanPage } from './my-loan-page.tsx';

const nb = (text: string) => text.replace(/AED /g, 'AED\u00a0').replace(/ %/g, '\u00a0%');

function setup(items: Loan[]) {
  const requests = stubApi({ 'GET /api/my-loans': () => ({ body: loansBody(...items) }) });
  const user = userEvent.setup();
  renderWithProviders(<MyLoanPage />, { path: '/user/my-loan' });
  return { requests, user };
}

const figure = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe('My Loan', () => {
  it("shows the member's real loan: state, figures, next installment and the repayment bar", async () => {
    setup([activeLoan()]);
    expect(await screen.findByRole('heading', { name: 'Personal · Loan #1' })).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(figure('Amount')).toHaveTextContent('AED 2,000');
    expect(figure('Total with interest')).toHaveTextContent('AED 2,140');
    expect(figure('Paid')).toHaveTextContent('AED 713.34');
    expect(figure('Remaining')).toHaveTextContent('AED 1,426.66');
    expect(figure('Per month')).toHaveTextContent('AED 356.67');
    expect(figure('Term')).toHaveTextContent('6 months');
    expect(screen.getByText('AED 356.67 on 17 December 2026')).toBeInTheDocument();

    const bar = screen.getByRole('progressbar', { name: 'Repayment' });
    expect(bar).toHaveAttribute('aria-valuenow', '713.34');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '2140');
    expect(bar).toHaveAttribute('aria-valuetext', nb('AED 713.34 of AED 2,140 repaid (33.3 %)'));
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('33.3%');

    // An active loan cannot be withdrawn.
    expect(screen.queryByRole('button', { name: 'Withdraw application' })).not.toBeInTheDocument();
  });

  it('lists the schedule and the history', async () => {
    setup([
      activeLoan({
        transitions: [
          ...activeLoan().transitions,
          {
            from: 'active',
            to: 'closed',
            at: '2027-03-10T10:00:00.000Z',
            reason: 'Repaid early',
            by: 'admin',
          },
        ],
      }),
    ]);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(7);
    // The state is in the row twice: under the date for a 320 px phone, in its own column
    // from 380 px (CSS shows one; loan-schedule.tsx).
    expect(rows[1]).toHaveTextContent('117 October 2026Paid356.67356.67Paid');
    expect(rows[6]).toHaveTextContent('617 March 2027Unpaid356.650Unpaid');

    const history = screen.getByRole('region', { name: 'History' });
    const steps = within(history).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      'Application submitted by you13 September 2026',
      'Approved by the committee15 September 2026',
      'Money paid out by the committee17 September 2026',
      'Fully repaid by the committee10 March 2027Reason: Repaid early',
    ]);
  });

  it('flags an overdue loan', async () => {
    setup([
      activeLoan({
        is_overdue: true,
        installments: activeLoan().installments.map((i) =>
          i.number === 3 ? { ...i, status: 'overdue' as const } : i,
        ),
      }),
    ]);
    expect(
      await screen.findByText(
        'An installment is past its due date. Please pay it as soon as you can.',
      ),
    ).toBeInTheDocument();
    // The status line, and the installment's state (twice: see above).
    expect(screen.getAllByText('Overdue')).toHaveLength(3);
  });

  it('shows a friendly empty state with a link to apply when the member has no loan', async () => {
    setup([]);
    expect(await screen.findByText('You have no loan yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply for a loan' })).toHaveAttribute(
      'href',
      '/user/apply-loan',
    );
  });

  it('lists earlier loans below the current one', async () => {
    setup([
      pendingLoan(),
      activeLoan({ id: 1, state: 'closed', loan_amount: 800, duration_month: 1 }),
    ]);
    const earlier = await screen.findByRole('region', { name: 'Earlier loans' });
    expect(earlier).toHaveTextContent('Personal · AED 800 over 1 month');
    expect(within(earlier).getByText('Closed')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Personal · Loan #7' })).toBeInTheDocument();
    expect(screen.getByText('Under review')).toBeInTheDocument();
    expect(screen.getByText('The schedule is made when the loan is paid out.')).toBeInTheDocument();
    // Nothing is paid out yet, so there is nothing to repay on a bar.
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('withdraws a pending application with a reason, then shows it withdrawn', async () => {
    let loan = pendingLoan();
    const requests = stubApi({
      'GET /api/my-loans': () => ({ body: loansBody(loan) }),
      'POST /api/my-loans/7/withdraw': (req) => {
        const reason = (req.body as { reason?: string }).reason ?? null;
        loan = pendingLoan({
          state: 'withdrawn',
          transitions: [
            ...loan.transitions,
            {
              from: 'pending',
              to: 'withdrawn',
              at: '2026-12-02T09:00:00.000Z',
              reason,
              by: 'member',
            },
          ],
        });
        return {
          body: { status_code: 200, message: 'Your loan application was withdrawn.', loan },
        };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<MyLoanPage />, { path: '/user/my-loan' });

    await user.click(await screen.findByRole('button', { name: 'Withdraw application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your application?' });
    await user.type(
      within(dialog).getByLabelText('Reason (optional)'),
      'I found the money elsewhere',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));

    expect(await screen.findByText('Your loan application was withdrawn.')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST');
    expect(post).toMatchObject({
      url: '/api/my-loans/7/withdraw',
      body: { reason: 'I found the money elsewhere' },
    });
    await waitFor(() =>
      expect(screen.getByText('Withdrawn', { selector: 'span' })).toBeInTheDocument(),
    );
    expect(screen.getByText('Reason: I found the money elsewhere')).toBeInTheDocument();
    expect(
      screen.getByText('This loan was not paid out, so you owe nothing on it.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Remaining')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw application' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply for a loan' })).toHaveAttribute(
      'href',
      '/user/apply-loan',
    );
  });

  it('keeps the application and shows the server message when the withdrawal is refused', async () => {
    const message = 'This loan can no longer be withdrawn.';
    stubApi({
      'GET /api/my-loans': () => ({ body: loansBody(pendingLoan({ state: 'approved' })) }),
      'POST /api/my-loans/7/withdraw': () => ({ status: 409, body: { status_code: 409, message } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<MyLoanPage />);
    await user.click(await screen.findByRole('button', { name: 'Withdraw application' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw' }),
    );
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByText('Approved')).toBeInTheDocument();
  });

  it('shows an error with a retry when the loans cannot be loaded', async () => {
    let calls = 0;
    stubApi({
      'GET /api/my-loans': () =>
        ++calls === 1
          ? { status: 500, body: { status_code: 500, message: 'Something failed on our side.' } }
          : { body: loansBody(activeLoan()) },
    });
    const user = userEvent.setup();
    renderWithProviders(<MyLoanPage />);
    expect(await screen.findByText('Something failed on our side.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('progressbar', { name: 'Repayment' })).toHaveAttribute(
      'aria-valuenow',
      '713.34',
    );
  });

  it('offers Repay loan on an active loan, leading to the repayment form on Monthly Pay', async () => {
    setup([activeLoan()]);
    const repay = await screen.findByRole('link', { name: 'Repay loan' });
    expect(repay).toHaveAttribute('href', '/user/monthly-pay?repay=loan');
  });

  it.each([
    ['pending', pendingLoan()],
    ['closed', activeLoan({ state: 'closed', remaining_amount: 0, next_installment: null })],
  ])('offers no Repay loan on a %s loan', async (_, loan) => {
    setup([loan]);
    await screen.findByRole('heading', { name: /Loan #/ });
    expect(screen.queryByRole('link', { name: 'Repay loan' })).not.toBeInTheDocument();
  });
});

describe('the guarantors of the loan', () => {
  const guarantor = (overrides: Partial<LoanGuarantor>): LoanGuarantor => ({
    id: 1,
    member_id: 'JM000123',
    name: 'Amina Yusuf',
    amount: 600,
    state: 'accepted',
    held: 600,
    recovered: 0,
    answered_at: '2026-12-01T12:00:00.000Z',
    ...overrides,
  });
  const card = () => screen.getByRole('region', { name: 'Guarantors' });

  it('lists each with their ID, amount, answer and what their savings hold now', async () => {
    setup([
      activeLoan({
        guarantee_needed: 1000,
        guarantors: [
          guarantor({ id: 1 }),
          guarantor({
            id: 2,
            member_id: 'JM000456',
            name: 'Amir Khan',
            amount: 400.5,
            held: 285.25,
          }),
        ],
      }),
    ]);
    await screen.findByRole('region', { name: 'Guarantors' });
    const items = within(card()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Amina Yusuf');
    expect(items[0]).toHaveTextContent('JM000123');
    expect(items[0]).toHaveTextContent('Accepted');
    expect(within(items[1]!).getByText('Amount guaranteed').nextElementSibling).toHaveTextContent(
      'AED 400.50',
    );
    expect(
      within(items[1]!).getByText('Held of their savings now').nextElementSibling,
    ).toHaveTextContent('AED 285.25');
    // Paid out: nothing is waiting for the guarantors.
    expect(within(card()).queryByRole('status')).not.toBeInTheDocument();
  });

  it('says how far a pending application is covered, and that a declined guarantor can be replaced', async () => {
    setup([
      pendingLoan({
        loan_amount: 3000,
        guarantee_needed: 1000.5,
        guarantors: [
          guarantor({ id: 1, amount: 600, held: 0 }),
          guarantor({ id: 2, name: 'Amir Khan', state: 'declined', amount: 400.5, held: 0 }),
        ],
      }),
    ]);
    await screen.findByRole('region', { name: 'Guarantors' });
    const status = within(card()).getByRole('status');
    expect(status).toHaveTextContent(
      'Your guarantors have covered AED 600 of AED 1,000.50; the committee can approve once they cover it all.',
    );
    expect(status).toHaveTextContent(
      'A guarantor has declined. You may withdraw this application and apply again with another guarantor.',
    );
    expect(within(card()).getByText('Declined')).toBeInTheDocument();
  });

  it('says nothing more once the accepted guarantees cover the loan, and waits for an answer', async () => {
    setup([
      pendingLoan({
        guarantee_needed: 600,
        guarantors: [
          guarantor({ id: 1 }),
          guarantor({ id: 2, name: 'Amir Khan', state: 'asked', amount: 200, held: 0 }),
        ],
      }),
    ]);
    await screen.findByRole('region', { name: 'Guarantors' });
    expect(within(card()).getByText('Waiting for an answer')).toBeInTheDocument();
    expect(within(card()).queryByRole('status')).not.toBeInTheDocument();
  });

  it('names a guarantor who has not accepted by the ID the member gave', async () => {
    setup([
      pendingLoan({
        guarantee_needed: 600,
        guarantors: [guarantor({ id: 2, member_id: 'JM000456', name: null, state: 'asked' })],
      }),
    ]);
    await screen.findByRole('region', { name: 'Guarantors' });
    const [item] = within(card()).getAllByRole('listitem');
    expect(item).toHaveTextContent(/^JM000456Waiting for an answer/);
  });

  it('shows no guarantors card for a loan without guarantors', async () => {
    setup([pendingLoan({ guarantee_needed: 0, guarantors: [] })]);
    await screen.findByRole('heading', { name: /Loan #/ });
    expect(screen.queryByRole('region', { name: 'Guarantors' })).not.toBeInTheDocument();
  });
});
