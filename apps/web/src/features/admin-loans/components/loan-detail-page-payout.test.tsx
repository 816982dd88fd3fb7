import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { overviewBody } from '../../../testing/admin-fixtures.ts';
import { chairProfileBody, proposalBody } from '../../../testing/proposal-fixtures.ts';
import { adminPendingLoan } from '../testing/fixtures.ts';
import { actions, figure, posts, setup } from '../testing/loan-detail.tsx';

describe('a loan, for the committee', () => {
  it('approved: records the pay-out after confirming where the money went', async () => {
    const { requests, user } = setup(adminPendingLoan({ state: 'approved' }));
    const panel = await actions();
    // One admin acts alone: the money is sent, then the pay-out recorded.
    expect(
      await within(panel).findByText(
        'Pay the money out to the member, then record it here: the schedule starts one month from today.',
      ),
    ).toBeInTheDocument();
    expect(
      within(panel)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Record pay-out']);
    await user.click(within(panel).getByRole('button', { name: 'Record pay-out' }));
    const dialog = screen.getByRole('dialog', { name: 'Pay out loan #7?' });
    expect(dialog).toHaveTextContent(
      'Confirm that AED 1,000 was sent to Rahul Nair (Botim 0501234567).',
    );
    await user.type(
      within(dialog).getByLabelText('Note (optional), e.g. the transfer reference'),
      'Botim ref 99812',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm pay-out' }));
    expect(await screen.findByText('The loan was paid out.')).toBeInTheDocument();
    expect(posts(requests)).toEqual([
      expect.objectContaining({
        url: '/api/admin/loans/7/disburse',
        body: { reason: 'Botim ref 99812' },
      }),
    ]);
  });

  it('shows the cash in hand and what a pay-out leaves, and refuses a loan larger than the cash', async () => {
    let cash = 3019.99;
    const { requests, user } = setup(adminPendingLoan({ state: 'approved' }), {
      'GET /api/admin/overview': () => ({ body: overviewBody({ cash_in_hand: cash }) }),
    });
    await user.click(within(await actions()).getByRole('button', { name: 'Record pay-out' }));
    let dialog = screen.getByRole('dialog', { name: 'Pay out loan #7?' });
    expect(await within(dialog).findByText('Cash in hand')).toBeInTheDocument();
    expect(figure('Cash in hand')).toHaveTextContent('AED 3,019.99');
    expect(figure('Left after this pay-out')).toHaveTextContent('AED 2,019.99');
    expect(within(dialog).getByRole('button', { name: 'Confirm pay-out' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // Less cash than the loan: said, and the pay-out cannot be confirmed.
    cash = 600;
    await user.click(within(await actions()).getByRole('button', { name: 'Record pay-out' }));
    dialog = screen.getByRole('dialog', { name: 'Pay out loan #7?' });
    expect(
      await within(dialog).findByText(
        'The cash in hand is AED 600, less than the AED 1,000 to pay out; cash cannot go below zero, so this loan cannot be paid out yet.',
      ),
    ).toBeInTheDocument();
    expect(figure('Left after this pay-out')).toHaveTextContent('-AED 400');
    expect(within(dialog).getByRole('button', { name: 'Confirm pay-out' })).toBeDisabled();
    expect(posts(requests)).toEqual([]);
  });

  it("shows the server's refusal when the cash ran short meanwhile", async () => {
    const message =
      'Cash in hand is AED 500, less than the AED 1,000 to pay out; cash cannot go below zero.';
    const { user } = setup(adminPendingLoan({ state: 'approved' }), {
      'POST /api/admin/loans/7/disburse': () => ({
        status: 409,
        body: { status_code: 409, message },
      }),
    });
    await user.click(within(await actions()).getByRole('button', { name: 'Record pay-out' }));
    const dialog = screen.getByRole('dialog', { name: 'Pay out loan #7?' });
    await within(dialog).findByText('Cash in hand');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm pay-out' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('two admins: a pay-out is proposed (202) and waits; the proposer cannot confirm it', async () => {
    let proposals: ReturnType<typeof proposalBody>[] = [];
    const approved = adminPendingLoan({ state: 'approved' });
    const { requests, user } = setup(approved, {
      'GET /api/admin/overview': () => ({ body: overviewBody({ active_admins: 2 }) }),
      'GET /api/admin/proposals': () => ({ body: { items: proposals } }),
      'POST /api/admin/loans/7/disburse': () => {
        proposals = [proposalBody()];
        return {
          status: 202,
          body: {
            message: 'Proposed. A second admin must confirm it before any money moves.',
            loan: approved,
            pending_confirmation: true,
            proposal: proposalBody(),
          },
        };
      },
      'POST /api/admin/proposals/5/withdraw': () => {
        proposals = [];
        return {
          body: { message: 'The proposal was withdrawn.', proposal: proposalBody() },
        };
      },
    });
    const panel = await actions();
    // With two admins the money goes after the second admin's confirmation, not before (issue 33).
    expect(
      await within(panel).findByText(
        'With two admins, a pay-out is proposed here, then confirmed by a second admin: send the money to the member only after that confirmation. The schedule starts one month from the confirmation.',
      ),
    ).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Propose pay-out' }));
    const dialog = screen.getByRole('dialog', { name: 'Pay out loan #7?' });
    expect(dialog).toHaveTextContent(
      'You propose paying AED 1,000 to Rahul Nair (Botim 0501234567). Do not send the money yet: send it only once a second admin has confirmed the pay-out.',
    );
    expect(dialog).not.toHaveTextContent('was sent to');
    await user.click(within(dialog).getByRole('button', { name: 'Propose pay-out' }));

    expect(await screen.findByText('Proposed: waiting for a second admin.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const waiting = await within(panel).findByRole('region', {
      name: 'Proposed: waiting for a second admin',
    });
    expect(waiting).toHaveTextContent(/Proposed by Fatima Al Mansoori on 2 December 2026/);
    expect(waiting).toHaveTextContent(
      'Pay out AED 1,000 to Rahul Nair. The money is sent only once a second admin has confirmed.',
    );
    expect(waiting).toHaveTextContent(
      'You proposed this, so you cannot confirm it: another admin must.',
    );
    // Not paid out: still approved, and no way for Fatima to confirm her own proposal.
    expect(screen.getByText('Approved', { selector: 'span' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Confirm payout' })).not.toBeInTheDocument();
    expect(
      within(panel).queryByRole('button', { name: 'Propose pay-out' }),
    ).not.toBeInTheDocument();

    // Anyone may withdraw it; the pay-out can then be proposed again.
    await user.click(within(waiting).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('The proposal was withdrawn.')).toBeInTheDocument();
    expect(
      await within(panel).findByRole('button', { name: 'Propose pay-out' }),
    ).toBeInTheDocument();
    expect(posts(requests).map((r) => r.url)).toEqual([
      '/api/admin/loans/7/disburse',
      '/api/admin/proposals/5/withdraw',
    ]);
  });

  it('another admin sees who proposed the pay-out and when, and confirms it with the same call', async () => {
    let proposals = [proposalBody()];
    const { requests, user } = setup(adminPendingLoan({ state: 'approved' }), {
      'GET /api/profile': () => ({ body: chairProfileBody() }),
      'GET /api/admin/overview': () => ({ body: overviewBody({ active_admins: 2 }) }),
      'GET /api/admin/proposals': () => ({ body: { items: proposals } }),
    });
    const panel = await actions();
    const waiting = within(panel).getByRole('region', {
      name: 'Proposed: waiting for a second admin',
    });
    expect(waiting).toHaveTextContent(/Proposed by Fatima Al Mansoori on 2 December 2026/);
    expect(waiting).not.toHaveTextContent('You proposed this');
    await user.click(within(waiting).getByRole('button', { name: 'Confirm payout' }));

    const dialog = screen.getByRole('dialog', { name: 'Pay out loan #7?' });
    expect(dialog).toHaveTextContent(/Proposed by Fatima Al Mansoori on 2 December 2026/);
    expect(dialog).toHaveTextContent(
      'Confirming records the pay-out of AED 1,000 to Rahul Nair (Botim 0501234567). The money is sent after this confirmation, not before. The first installment falls due one month from today.',
    );
    expect(await within(dialog).findByText('Cash in hand')).toBeInTheDocument();
    // Confirming is not a new proposal: no "two admins" sentence.
    expect(dialog).not.toHaveTextContent('Two admins are active');
    proposals = [];
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payout' }));
    expect(await screen.findByText('The loan was paid out.')).toBeInTheDocument();
    expect(posts(requests)).toEqual([
      expect.objectContaining({ url: '/api/admin/loans/7/disburse', body: {} }),
    ]);
    expect(
      await within(panel).findByText(/Record a repayment received in cash/),
    ).toBeInTheDocument();
  });

  it("shows the server's 403 in the pay-out dialog", async () => {
    const message = 'You cannot decide on your own loan; another admin must.';
    const { user } = setup(adminPendingLoan({ state: 'approved' }), {
      'POST /api/admin/loans/7/disburse': () => ({
        status: 403,
        body: { status_code: 403, message },
      }),
    });
    await user.click(within(await actions()).getByRole('button', { name: 'Record pay-out' }));
    const dialog = screen.getByRole('dialog', { name: 'Pay out loan #7?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm pay-out' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  });
});
