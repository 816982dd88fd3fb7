import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chairProfileBody } from '../../../testing/proposal-fixtures.ts';
import { adminActiveLoan, adminPendingLoan, guarantorBody } from '../testing/fixtures.ts';
import { actions, figure, setup } from '../testing/loan-detail.tsx';

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
