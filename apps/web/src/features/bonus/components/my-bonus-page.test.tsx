import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { myBonusBody, noBonus } from '../testing/fixtures.ts';
import { MyBonusPage } from './my-bonus-page.tsx';

function setup(answer: () => { status?: number; body: unknown }) {
  stubApi({ 'GET /api/my-bonus': answer });
  renderWithProviders(<MyBonusPage />, { path: '/user/my-bonus' });
}

describe('My bonus', () => {
  it('shows the estimate for the open period, clearly marked as one, with how it is worked out', async () => {
    setup(() => ({ body: myBonusBody() }));
    const estimate = await screen.findByRole('region', { name: 'This period so far' });
    expect(within(estimate).getByText('Estimate')).toBeInTheDocument();
    expect(within(estimate).getByText('Your estimated bonus').nextElementSibling).toHaveTextContent(
      'AED 35',
    );
    expect(estimate).toHaveTextContent('From 1 April 2025 to today, 22 November 2026.');
    expect(estimate).toHaveTextContent(
      "Your average savings AED 1,250.50 of the association's AED 5,002 = 25 %, of interest AED 140.",
    );
    expect(estimate).toHaveTextContent(/This is an estimate, not money paid/);
  });

  it('lists each closed share: period, amount and the figures behind it', async () => {
    setup(() => ({ body: myBonusBody() }));
    const closed = await screen.findByRole('region', { name: 'Bonuses added to your savings' });
    const [share] = within(closed).getAllByRole('article');
    expect(within(share!).getByRole('heading')).toHaveTextContent(
      '10 January 2025 – 31 March 2025',
    );
    expect(share).toHaveTextContent('Paid');
    expect(share).toHaveTextContent('AED 13.23');
    expect(share).toHaveTextContent(
      "Your average savings AED 323.46 of the association's AED 570.37 = 56.71 %, of interest AED 23.33.",
    );
  });

  it('says when no period has been closed yet, beside the estimate', async () => {
    setup(() => ({ body: myBonusBody({ closed: [] }) }));
    expect(await screen.findByText(/No period has been closed yet/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'This period so far' })).toBeInTheDocument();
  });

  it('shows an empty state when there is nothing yet', async () => {
    setup(() => ({ body: noBonus() }));
    expect(await screen.findByText('No bonus yet')).toBeInTheDocument();
    expect(screen.queryByText('Estimate')).not.toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'How your bonus is worked out' }),
    ).toBeInTheDocument();
  });

  it('shows Loading... and then an error with a retry', async () => {
    let calls = 0;
    setup(() =>
      ++calls === 1
        ? { status: 500, body: { status_code: 500, message: 'Something went wrong on our side.' } }
        : { body: myBonusBody() },
    );
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'This period so far' })).toBeInTheDocument();
  });
});
