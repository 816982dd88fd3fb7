import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { page } from '../../../testing/admin-fixtures.ts';
import { adminActiveLoan, adminPendingLoan } from '../testing/fixtures.ts';
import { proposalBody } from '../../../testing/proposal-fixtures.ts';
import { AdminLoansPage } from './loans-page.tsx';

function setup(at = '/admin/loans', proposals = [] as ReturnType<typeof proposalBody>[]) {
  const requests = stubApi({
    'GET /api/admin/proposals': () => ({ body: { items: proposals } }),
    'GET /api/admin/loans': (req) => {
      const query = new URL(req.url, 'http://x').searchParams;
      const state = query.get('state');
      if (query.get('cursor') === '1') return { body: page([adminActiveLoan({ id: 0 })]) };
      if (state === 'pending') return { body: page([adminPendingLoan()]) };
      if (state === 'written_off') return { body: page([]) };
      return {
        body: page([adminPendingLoan(), adminActiveLoan({ is_overdue: true })], '1'),
      };
    },
  });
  const user = userEvent.setup();
  renderWithProviders(<AdminLoansPage />, { path: '/admin/loans', at });
  return { requests, user };
}

describe('the loans list', () => {
  it('lists loans with member, figures, state and overdue flag, each leading to its page', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'All loans' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('LoanMemberAmountTotalPaidRemainingStateApplied');
    expect(rows[1]).toHaveTextContent(
      'Loan #7Rahul NairJM000003AED 1,000AED 1,070AED 0AED 1,070Pending1 December 2026',
    );
    expect(rows[2]).toHaveTextContent(
      'Loan #1Amina RahmanJM000002AED 2,000AED 2,140AED 713.34AED 1,426.66ActiveOverdue13 September 2026',
    );
    expect(within(rows[1]!).getByRole('link', { name: 'Loan #7' })).toHaveAttribute(
      'href',
      '/admin/loans/7',
    );
  });

  it('filters by state through the address, so the choice survives a reload', async () => {
    const { requests, user } = setup();
    await screen.findByRole('table', { name: 'All loans' });
    await user.selectOptions(screen.getByLabelText('State'), 'Pending');
    const table = await screen.findByRole('table', { name: 'Loans: Pending' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(requests.at(-1)?.url).toBe('/api/admin/loans?limit=20&state=pending');
  });

  it('opens on the state named in the address, and says when it has no loans', async () => {
    setup('/admin/loans?state=written_off');
    expect(await screen.findByText('No loans in this state.')).toBeInTheDocument();
    expect(screen.getByLabelText('State')).toHaveValue('written_off');
  });

  it('shows more with the next cursor', async () => {
    const { requests, user } = setup();
    await screen.findByRole('table', { name: 'All loans' });
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
    expect(requests.at(-1)?.url).toBe('/api/admin/loans?limit=20&cursor=1');
  });

  it('marks a loan whose pay-out waits for a second admin', async () => {
    setup('/admin/loans?state=pending', [proposalBody()]);
    const table = await screen.findByRole('table', { name: 'Loans: Pending' });
    const [, row] = within(table).getAllByRole('row');
    await waitFor(() => expect(row).toHaveTextContent('PendingAwaiting a second admin'));
  });
});
