import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shareExplained, type ShareExplained } from '@jamiya/contracts/bonus';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { ShareExplainedPage } from './share-explained-page.tsx';

const explained = (overrides: Partial<ShareExplained> = {}): ShareExplained =>
  shareExplained.parse({
    status: 'closed',
    period: { id: 4, starts_on: '2025-01-01', ends_on: '2025-03-31', days: 90 },
    parts: { interest: 60, fines: 10, other_income: null, expenses: 7.5, shared: 62.5 },
    months: [
      { month: '2025-01', days: 31, average_balance: 200, end_balance: 200 },
      { month: '2025-02', days: 28, average_balance: 267.86, end_balance: 300 },
    ],
    your_average_balance: 255.56,
    total_average_balance: 358.89,
    your_share_percent: 71.21,
    members: 2,
    amount: 44.51,
    ...overrides,
  });

function setup(at: string, body: ShareExplained) {
  const requests = stubApi({ 'GET /api/my-bonus/explained': () => ({ body }) });
  renderWithProviders(<ShareExplainedPage />, { path: '/user/my-bonus/explained/:period', at });
  return requests;
}

describe('How your share was computed', () => {
  it('shows what was shared, the months, the weight and the share of a closed period', async () => {
    const requests = setup('/user/my-bonus/explained/4', explained());
    const shared = await screen.findByRole('region', {
      name: 'What the committee shares, 1 January 2025 – 31 March 2025',
    });
    expect(shared).toHaveTextContent('Added to your savings');
    expect(shared).toHaveTextContent('Late fines receivedAED 10');
    expect(shared).toHaveTextContent('Expenses taken off-AED 7.50');
    expect(shared).not.toHaveTextContent('Other income');
    expect(shared).toHaveTextContent('Shared among the membersAED 62.50');
    const table = screen.getByRole('table', { name: 'Your savings month by month' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const share = screen.getByRole('region', { name: 'Your share' });
    expect(share).toHaveTextContent('71.21 % of AED 62.50 = AED 44.51');
    expect(share).not.toHaveTextContent('Not final');
    expect(within(share).getByRole('button', { name: 'Download as PDF' })).toBeEnabled();
    expect(requests.map((r) => r.url)).toContain('/api/my-bonus/explained?period=4');
  });

  it('marks a proposed share-out as not final', async () => {
    const requests = setup(
      '/user/my-bonus/explained/open',
      explained({
        status: 'proposed',
        period: { id: null, starts_on: '2025-01-01', ends_on: '2025-03-31', days: 90 },
      }),
    );
    expect(await screen.findByText('Proposed, not final')).toBeInTheDocument();
    expect(screen.getByText(/Not final: the figures change/)).toBeInTheDocument();
    expect(requests.map((r) => r.url)).toContain('/api/my-bonus/explained?period=open');
  });
});
