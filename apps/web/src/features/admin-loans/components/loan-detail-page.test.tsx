import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminLoan, LoanStateName } from '@jamiya/contracts/loans';
import { renderWithProviders, stubApi, type StubRequest } from '../../../testing/render.tsx';
import { adminProfileBody, overviewBody } from '../../../testing/admin-fixtures.ts';
import { adminActiveLoan, adminPendingLoan, guarantorBody } from '../testing/fixtures.ts';
import { chairProfileBody, proposalBody } from '../../../testing/proposal-fixtures.ts';
import { AdminLoanDetailPage } from './loan-detail-page.tsx';

type Handlers = Parameters<typeof stubApi>[0];

const MOVES: Record<string, { to: LoanStateName; message: string }> = {
  approve: { to: 'approved', message: 'The loan was approved.' },
  reject: { to: 'rejected', message: 'The loan was rejected.' },
  disburse: { to: 'active', message: 'The loan was paid out.' },
  'write-off': { to: 'written_off', message: 'The loan was written off.' },
};

/** One loan that moves as the server would move it. */
function setup(start: AdminLoan, handlers: Handlers = {}) {
  let loan = start;
  const move = (action: string) => (req: StubRequest) => {
    const { to, message } = MOVES[action]!;
    const reason = (req.body as { reason?: string }).reason ?? null;
    loan = {
      ...loan,
      state: to,
      transitions: [
        ...loan.transitions,
        {
          from: loan.state,
          to,
          at: '2026-12-02T09:00:00.000Z',
          reason,
          by: 'admin',
          admin: { id: 1, unique_id: 'JM000001', name: 'Fatima Al Mansoori' },
          proposed_by: null,
        },
      ],
    };
    return { body: { message, loan } };
  };
  const id = start.id;
  const requests = stubApi({
    // Signed in as Fatima (id 1), the only admin unless a test says otherwise.
    'GET /api/profile': () => ({ body: adminProfileBody() }),
    'GET /api/admin/proposals': () => ({ body: { items: [] } }),
    'GET /api/admin/overview': () => ({ body: overviewBody() }),
    [`GET /api/admin/loans/${id}`]: () => ({ body: loan }),
    ...Object.fromEntries(
      Object.keys(MOVES).map((action) => [`POST /api/admin/loans/${id}/${action}`, move(action)]),
    ),
    ...handlers,
  });
  const user = userEvent.setup();
  renderWithProviders(<AdminLoanDetailPage />, {
    path: '/admin/loans/:id',
    at: `/admin/loans/${id}`,
  });
  return { requests, user };
}

/** The actions, once the open proposals are known (a spinner stands in until then). */
async function actions() {
  const panel = await screen.findByRole('region', { name: 'Actions' });
  await waitFor(() => expect(within(panel).queryByRole('status')).not.toBeInTheDocument());
  return panel;
}
const posts = (requests: StubRequest[]) => requests.filter((r) => r.method === 'POST');
const figure = (term: string) =>
  screen.getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;

/** Loan #1 written off, as the toast and the one request sent say. */
async function writtenOff(requests: StubRequest[], recoverFromGuarantors: boolean) {
  expect(await screen.findByText('The loan was written off.')).toBeInTheDocument();
  expect(posts(requests)).toEqual([
    expect.objectContaining({
      url: '/api/admin/loans/1/write-off',
      body: { reason: 'The member left the UAE.', recover_from_guarantors: recoverFromGuarantors },
    }),
  ]);
}

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
  it('shows the figures, the schedule and the history with who, when and why', async () => {
    setup(
      adminActiveLoan({
        transitions: [
          ...adminActiveLoan().transitions.slice(0, 1),
          {
            from: 'pending',
            to: 'approved',
            at: '2026-09-15T08:00:00.000Z',
            reason: 'Regular saver',
            by: 'admin',
            admin: { id: 1, unique_id: 'JM000001', name: 'Fatima Al Mansoori' },
            proposed_by: null,
          },
          ...adminActiveLoan().transitions.slice(2),
        ],
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Loan #1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Amina Rahman · JM000002' })).toHaveAttribute(
      'href',
      '/admin/members/2',
    );
    expect(figure('Amount')).toHaveTextContent('AED 2,000');
    expect(figure('Total with 7 % interest')).toHaveTextContent('AED 2,140');
    expect(figure('Paid')).toHaveTextContent('AED 713.34');
    expect(figure('Remaining')).toHaveTextContent('AED 1,426.66');
    expect(figure('Next installment')).toHaveTextContent('AED 356.67 on 17 December 2026');
    expect(figure('Pay out to')).toHaveTextContent('Botim 0501234567');

    const schedule = screen.getByRole('table', { name: 'Installments of loan #1' });
    const rows = within(schedule).getAllByRole('row');
    expect(rows).toHaveLength(7);
    expect(rows[1]).toHaveTextContent('117 October 2026356.67356.67Paid');
    expect(rows[6]).toHaveTextContent('617 March 2027356.650Unpaid');

    const history = screen.getByRole('region', { name: 'History' });
    const steps = within(history).getAllByRole('listitem');
    expect(steps).toHaveLength(3);
    expect(steps[0]).toHaveTextContent('Application submitted by the member');
    // The admins by name, both for a step two admins made (issue 33).
    expect(steps[1]).toHaveTextContent('Approved by Fatima Al Mansoori');
    expect(steps[1]).toHaveTextContent('15 September 2026');
    expect(steps[1]).toHaveTextContent('Reason: Regular saver');
    expect(steps[2]).toHaveTextContent(
      'Paid out by Yusuf Khan on the proposal of Fatima Al Mansoori',
    );
  });

  it('pending: approves after a confirmation, with an optional note', async () => {
    const { requests, user } = setup(adminPendingLoan());
    const panel = await actions();
    expect(
      within(panel)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Approve', 'Reject']);
    await user.click(within(panel).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve loan #7?' });
    expect(dialog).toHaveTextContent(
      'Rahul Nair asks for AED 1,000 over 3 months, AED 1,070 in total.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('The loan was approved.')).toBeInTheDocument();
    expect(posts(requests)).toEqual([
      expect.objectContaining({ url: '/api/admin/loans/7/approve', body: {} }),
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Approved: the next step is the pay-out.
    expect(
      await within(panel).findByRole('button', { name: 'Record pay-out' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Approved', { selector: 'span' })).toBeInTheDocument();
  });

  it('pending: rejects only with a reason, which the member reads', async () => {
    const { requests, user } = setup(adminPendingLoan());
    await user.click(within(await actions()).getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject loan #7?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Reason is required.')).toBeInTheDocument();
    expect(posts(requests)).toEqual([]);

    await user.type(
      within(dialog).getByLabelText('Reason the member reads'),
      'Two dues are unpaid.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('The loan was rejected.')).toBeInTheDocument();
    expect(posts(requests)).toEqual([
      expect.objectContaining({
        url: '/api/admin/loans/7/reject',
        body: { reason: 'Two dues are unpaid.' },
      }),
    ]);
    expect(
      await screen.findByText('This application was rejected. Nothing is left to do.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Reason: Two dues are unpaid.')).toBeInTheDocument();
  });

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

  it('active: writes off only with a reason', async () => {
    const { requests, user } = setup(adminActiveLoan());
    await user.click(within(await actions()).getByRole('button', { name: 'Write off' }));
    const dialog = screen.getByRole('dialog', { name: 'Write off loan #1?' });
    expect(dialog).toHaveTextContent('AED 1,426.66 is still owed.');
    // No guarantee holds anything: nothing to recover, nothing to choose.
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Write off the loan' }));
    expect(await within(dialog).findByText('Reason is required.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'The member left the UAE.');
    await user.click(within(dialog).getByRole('button', { name: 'Write off the loan' }));
    await writtenOff(requests, false);
  });

  it('lists the guarantors with their answers, and what the accepted guarantees cover', async () => {
    setup(
      adminPendingLoan({
        guarantee_needed: 600,
        guarantors: [
          guarantorBody({ amount: 300, held: 300 }),
          guarantorBody({
            id: 4,
            member_id: 'JM000005',
            name: 'Priya Menon',
            amount: 200,
            state: 'asked',
            held: 0,
            answered_at: null,
          }),
          guarantorBody({
            id: 5,
            member_id: 'JM000008',
            name: 'Sara Ali',
            amount: 100,
            state: 'declined',
            held: 0,
            answered_at: '2026-12-02T07:00:00.000Z',
          }),
        ],
      }),
    );
    const section = await screen.findByRole('region', { name: 'Guarantors' });
    expect(section).toHaveTextContent('Accepted guarantees cover AED 300 of AED 600 needed.');
    const items = within(within(section).getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Omar Haddad · JM000006');
    expect(items[0]).toHaveTextContent('Accepted');
    expect(items[0]).toHaveTextContent('Answered on 1 December 2026');
    const figureIn = (item: HTMLElement, term: string) =>
      within(item).getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(figureIn(items[0]!, 'Guarantee')).toHaveTextContent('AED 300');
    expect(figureIn(items[0]!, 'Held of their savings')).toHaveTextContent('AED 300');
    expect(figureIn(items[0]!, 'Recovered')).toHaveTextContent('AED 0');
    expect(items[1]).toHaveTextContent('Priya Menon · JM000005');
    expect(items[1]).toHaveTextContent('Not answered yet');
    expect(items[1]).not.toHaveTextContent('Answered on');
    expect(items[2]).toHaveTextContent('Sara Ali · JM000008');
    expect(items[2]).toHaveTextContent('DeclinedAnswered on 2 December 2026');
  });

  it('says when a loan needs no guarantor', async () => {
    setup(adminActiveLoan());
    const section = await screen.findByRole('region', { name: 'Guarantors' });
    expect(section).toHaveTextContent(
      "No guarantor is needed: the loan is within the member's free savings.",
    );
    expect(within(section).queryByRole('list')).not.toBeInTheDocument();
  });

  it('pending: holds the approval, saying why, until the accepted guarantees cover what is needed', async () => {
    const { requests, user } = setup(
      adminPendingLoan({
        guarantee_needed: 600,
        guarantors: [
          guarantorBody({ amount: 400, held: 400 }),
          guarantorBody({ id: 4, amount: 200, state: 'asked', held: 0, answered_at: null }),
        ],
      }),
    );
    const panel = await actions();
    const approve = within(panel).getByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    const why =
      'Approval waits for the guarantors: accepted guarantees cover AED 400 of the AED 600 this loan needs.';
    // Said beside the button, and read with it (the amounts' spaces do not break).
    expect(approve).toHaveAccessibleDescription(within(panel).getByText(why).textContent!);
    await user.click(approve);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // It may still be rejected.
    expect(within(panel).getByRole('button', { name: 'Reject' })).toBeEnabled();
    expect(posts(requests)).toEqual([]);
  });

  it("pending: approves once the guarantees cover it, and shows the server's refusal if they no longer do", async () => {
    const message =
      'The accepted guarantees cover AED 400 of the AED 600 this loan needs; it can be approved once they cover it all.';
    const covered = adminPendingLoan({
      guarantee_needed: 600,
      guarantors: [
        guarantorBody({ amount: 400, held: 400 }),
        guarantorBody({ id: 4, amount: 200, held: 200 }),
      ],
    });
    let calls = 0;
    const { user } = setup(covered, {
      // Meanwhile, one guarantee was cancelled.
      'GET /api/admin/loans/7': () => ({
        body:
          ++calls === 1
            ? covered
            : {
                ...covered,
                guarantors: [
                  covered.guarantors[0]!,
                  { ...covered.guarantors[1]!, state: 'cancelled' },
                ],
              },
      }),
      'POST /api/admin/loans/7/approve': () => ({
        status: 409,
        body: { status_code: 409, message },
      }),
    });
    const panel = await actions();
    expect(
      await screen.findByText('Accepted guarantees cover AED 600 of AED 600 needed.'),
    ).toBeInTheDocument();
    const approve = within(panel).getByRole('button', { name: 'Approve' });
    expect(approve).toBeEnabled();
    expect(approve).not.toHaveAccessibleDescription();
    await user.click(approve);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Approve loan #7?' })).getByRole('button', {
        name: 'Approve',
      }),
    );
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(panel).getByRole('button', { name: 'Approve' })).toBeDisabled(),
    );
  });

  it("active: a write-off may recover the loss from the guarantors' held savings", async () => {
    const { requests, user } = setup(
      adminActiveLoan({
        guarantee_needed: 800,
        guarantors: [
          guarantorBody({ amount: 500, held: 500 }),
          guarantorBody({ id: 4, amount: 300, held: 300 }),
        ],
      }),
    );
    await user.click(within(await actions()).getByRole('button', { name: 'Write off' }));
    const dialog = screen.getByRole('dialog', { name: 'Write off loan #1?' });
    const recover = within(dialog).getByRole('checkbox', {
      name: "Recover the loss from the guarantors' held savings",
    });
    expect(recover).not.toBeChecked();
    expect(recover).toHaveAccessibleDescription(
      within(dialog).getByText(
        "Each guarantor bears a share of the loss in proportion to what their guarantee holds (AED 800 in all); what that does not cover stays the association's loss.",
      ).textContent!,
    );
    await user.click(recover);
    expect(recover).toBeChecked();
    await user.type(within(dialog).getByLabelText('Reason'), 'The member left the UAE.');
    await user.click(within(dialog).getByRole('button', { name: 'Write off the loan' }));
    await writtenOff(requests, true);
  });

  it('active: no choice to recover when the guarantees hold nothing', async () => {
    const { user } = setup(
      adminActiveLoan({
        guarantee_needed: 800,
        guarantors: [guarantorBody({ state: 'declined', held: 0 })],
      }),
    );
    await user.click(within(await actions()).getByRole('button', { name: 'Write off' }));
    const dialog = screen.getByRole('dialog', { name: 'Write off loan #1?' });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it("another admin confirms a write-off with the proposal's choice to recover from the guarantors", async () => {
    const proposal = proposalBody({
      action: 'loan.write_off',
      loan_id: 1,
      amount: 1426.66,
      reason: 'The member left the UAE.',
      details: { recover_from_guarantors: true },
    });
    const { requests, user } = setup(
      adminActiveLoan({ guarantee_needed: 600, guarantors: [guarantorBody()] }),
      {
        'GET /api/profile': () => ({ body: chairProfileBody() }),
        'GET /api/admin/proposals': () => ({ body: { items: [proposal] } }),
      },
    );
    const waiting = within(await actions()).getByRole('region', {
      name: 'Proposed: waiting for a second admin',
    });
    expect(waiting).toHaveTextContent(
      "Write off the AED 1,426.66 still owed, and recover the loss from the guarantors' held savings.",
    );
    await user.click(within(waiting).getByRole('button', { name: 'Confirm write-off' }));
    const dialog = screen.getByRole('dialog', { name: 'Write off loan #1?' });
    const recover = within(dialog).getByRole('checkbox', {
      name: "Recover the loss from the guarantors' held savings",
    });
    // Confirmed as proposed.
    expect(recover).toBeChecked();
    expect(recover).toBeDisabled();
    expect(recover).toHaveAccessibleDescription(
      'As proposed: confirm it, or withdraw the proposal to choose otherwise.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm write-off' }));
    await writtenOff(requests, true);
  });

  it.each([
    ['closed', 'This loan is fully repaid. Nothing is left to do.'],
    ['rejected', 'This application was rejected. Nothing is left to do.'],
    ['withdrawn', 'The member withdrew this application. Nothing is left to do.'],
    ['written_off', 'This loan was written off. Nothing is left to do.'],
  ] as const)('%s: offers no action', async (state, text) => {
    setup(adminActiveLoan({ state }));
    const panel = await actions();
    expect(within(panel).getByText(text)).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });

  it("on a conflict, closes the dialog, shows the server's sentence and the loan as it is now", async () => {
    const message = 'This loan is no longer pending: someone else decided it.';
    let calls = 0;
    const { user } = setup(adminPendingLoan(), {
      'GET /api/admin/loans/7': () => ({
        body: ++calls === 1 ? adminPendingLoan() : adminPendingLoan({ state: 'rejected' }),
      }),
      'POST /api/admin/loans/7/approve': () => ({
        status: 409,
        body: { status_code: 409, message },
      }),
    });
    await user.click(within(await actions()).getByRole('button', { name: 'Approve' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Approve loan #7?' })).getByRole('button', {
        name: 'Approve',
      }),
    );
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      await screen.findByText('This application was rejected. Nothing is left to do.'),
    ).toBeInTheDocument();
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

  it("a write-off proposal shows its reason; the confirming admin's form starts with it", async () => {
    const proposal = proposalBody({
      action: 'loan.write_off',
      loan_id: 1,
      amount: 1426.66,
      reason: 'The member left the UAE.',
    });
    const { requests, user } = setup(adminActiveLoan(), {
      'GET /api/profile': () => ({ body: chairProfileBody() }),
      'GET /api/admin/proposals': () => ({ body: { items: [proposal] } }),
    });
    const panel = await actions();
    const waiting = within(panel).getByRole('region', {
      name: 'Proposed: waiting for a second admin',
    });
    expect(waiting).toHaveTextContent('Write off the AED 1,426.66 still owed.');
    expect(waiting).toHaveTextContent('Reason: The member left the UAE.');
    // The write-off is proposed already: only the repayment and the confirmation are offered.
    expect(within(panel).queryByRole('button', { name: 'Write off' })).not.toBeInTheDocument();
    await user.click(within(waiting).getByRole('button', { name: 'Confirm write-off' }));
    const dialog = screen.getByRole('dialog', { name: 'Write off loan #1?' });
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('The member left the UAE.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm write-off' }));
    await writtenOff(requests, false);
  });

  it("an admin's own loan: says another admin decides on it, and offers no action", async () => {
    // Signed in as the loan's member (an admin who is also a member).
    setup(adminPendingLoan({ state: 'approved' }), {
      'GET /api/profile': () => ({
        body: { userData: { ...chairProfileBody().userData, id: 3 } },
      }),
    });
    const panel = await actions();
    expect(
      await within(panel).findByText('This is your own loan: another admin decides on it.'),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
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

  it('says when there is no such loan', async () => {
    setup(adminPendingLoan(), {
      'GET /api/admin/loans/7': () => ({
        status: 404,
        body: { status_code: 404, message: 'There is no such loan.' },
      }),
    });
    expect(await screen.findByText('There is no such loan.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All loans' })).toHaveAttribute('href', '/admin/loans');
  });
});
