import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { overviewBody } from '../../../testing/admin-fixtures.ts';
import { chairProfileBody, proposalBody } from '../../../testing/proposal-fixtures.ts';
import { adminActiveLoan } from '../testing/fixtures.ts';
import { actions, figure, posts, setup } from '../testing/loan-detail.tsx';

/** A cash repayment of AED 200 on loan #1, proposed by Fatima. */
const cashRepayment = () =>
  proposalBody({
    id: 9,
    action: 'loan.cash_repayment',
    loan_id: 1,
    amount: 200,
    reason: 'Paid at the meeting',
  });

describe('a loan, for the committee', () => {
  it('active: records a cash repayment, sending exactly the fils typed', async () => {
    const repaid = adminActiveLoan({ paid_amount: 813.84, remaining_amount: 1326.16 });
    let current = adminActiveLoan();
    const { requests, user } = setup(current, {
      'GET /api/admin/loans/1': () => ({ body: current }),
      'POST /api/admin/loans/1/repayments': () => {
        current = repaid;
        return { body: { message: 'The repayment was recorded.', loan: repaid } };
      },
    });
    const panel = await actions();
    expect(
      within(panel)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Record cash repayment', 'Write off']);
    await user.click(within(panel).getByRole('button', { name: 'Record cash repayment' }));
    const dialog = screen.getByRole('dialog', { name: 'Cash repayment for loan #1' });
    const amount = within(dialog).getByLabelText('Amount received (AED)');
    // The next installment is offered.
    expect(amount).toHaveValue(356.67);
    expect(dialog).toHaveTextContent('Next installment AED 356.67; AED 1,426.66 remains.');

    await user.clear(amount);
    await user.type(amount, '1426.67');
    await user.click(within(dialog).getByRole('button', { name: 'Record repayment' }));
    expect(
      await within(dialog).findByText('The amount is more than the AED 1,426.66 that remains.'),
    ).toBeInTheDocument();
    expect(posts(requests)).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '100.50');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Paid at the meeting');
    await user.click(within(dialog).getByRole('button', { name: 'Record repayment' }));
    expect(await screen.findByText('The repayment was recorded.')).toBeInTheDocument();
    expect(posts(requests)).toEqual([
      expect.objectContaining({
        url: '/api/admin/loans/1/repayments',
        body: { amount: 100.5, note: 'Paid at the meeting' },
      }),
    ]);
    await waitFor(() => expect(figure('Paid')).toHaveTextContent('AED 813.84'));
  });

  it('two admins: a cash repayment is proposed (202), and another admin confirms its amount', async () => {
    const repayment = cashRepayment();
    let proposals: ReturnType<typeof proposalBody>[] = [];
    const loan = adminActiveLoan();
    const { requests, user } = setup(loan, {
      'GET /api/admin/overview': () => ({ body: overviewBody({ active_admins: 2 }) }),
      'GET /api/admin/proposals': () => ({ body: { items: proposals } }),
      'POST /api/admin/loans/1/repayments': () => {
        proposals = [repayment];
        return {
          status: 202,
          body: {
            message: 'Proposed. A second admin must confirm it before any money moves.',
            loan,
            pending_confirmation: true,
            proposal: repayment,
          },
        };
      },
    });
    const panel = await actions();
    await user.click(within(panel).getByRole('button', { name: 'Record cash repayment' }));
    const dialog = screen.getByRole('dialog', { name: 'Cash repayment for loan #1' });
    expect(
      await within(dialog).findByText(
        'Two admins are active: this proposes it, and nothing moves until a second admin confirms it.',
      ),
    ).toBeInTheDocument();
    const amount = within(dialog).getByLabelText('Amount received (AED)');
    await user.clear(amount);
    await user.type(amount, '200');
    await user.click(within(dialog).getByRole('button', { name: 'Record repayment' }));
    expect(await screen.findByText('Proposed: waiting for a second admin.')).toBeInTheDocument();
    const waiting = await within(panel).findByRole('region', {
      name: 'Proposed: waiting for a second admin',
    });
    expect(waiting).toHaveTextContent('Record AED 200 received in cash from Amina Rahman.');
    expect(waiting).toHaveTextContent('You proposed this, so you cannot confirm it');
    // The proposer cannot confirm, nor propose a second one beside it; the write-off stays.
    expect(
      within(panel).queryByRole('button', { name: 'Record cash repayment' }),
    ).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Write off' })).toBeInTheDocument();
    expect(posts(requests)).toHaveLength(1);
  });

  it("another admin confirms a cash repayment with the proposal's amount and note, which cannot be changed", async () => {
    const repayment = cashRepayment();
    let proposals = [repayment];
    const repaid = adminActiveLoan({ paid_amount: 913.34, remaining_amount: 1226.66 });
    const { requests, user } = setup(adminActiveLoan(), {
      'GET /api/profile': () => ({ body: chairProfileBody() }),
      'GET /api/admin/overview': () => ({ body: overviewBody({ active_admins: 2 }) }),
      'GET /api/admin/proposals': () => ({ body: { items: proposals } }),
      'POST /api/admin/loans/1/repayments': () => {
        proposals = [];
        return { body: { message: 'The repayment was recorded.', loan: repaid } };
      },
    });
    const panel = await actions();
    const waiting = within(panel).getByRole('region', {
      name: 'Proposed: waiting for a second admin',
    });
    await user.click(within(waiting).getByRole('button', { name: 'Confirm repayment' }));
    const dialog = screen.getByRole('dialog', { name: 'Cash repayment for loan #1' });
    expect(dialog).toHaveTextContent(/Proposed by Fatima Al Mansoori on 2 December 2026/);
    expect(within(dialog).getByLabelText('Amount received (AED)')).toHaveValue(200);
    expect(within(dialog).getByLabelText('Amount received (AED)')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Note (optional)')).toHaveValue('Paid at the meeting');
    expect(dialog).not.toHaveTextContent('Two admins are active');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm repayment' }));
    expect(await screen.findByText('The repayment was recorded.')).toBeInTheDocument();
    expect(posts(requests)).toEqual([
      expect.objectContaining({
        url: '/api/admin/loans/1/repayments',
        body: { amount: 200, note: 'Paid at the meeting' },
      }),
    ]);
  });
});
