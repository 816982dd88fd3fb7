import { screen, within } from '@testing-library/react';
import type { PublicSettings } from '@jamiya/contracts/settings';
import { expect, it } from 'vitest';
import { settingsBody } from '../../../testing/api-fixtures.ts';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { LandingPage } from './landing-page.tsx';

// Figures other than the defaults, so the page can only show them by reading the answer.
const settings: PublicSettings = {
  ...settingsBody({ minimum: 300, maximum: 4000, interest_rate_percent: 6 }),
  monthly_due: 250,
  terms_text: 'Loans carry 6 % flat interest.',
  payment_instructions: '',
};

function steps() {
  const list = screen.getByRole('list');
  return (
    within(list)
      .getAllByRole('listitem')
      // Intl puts a no-break space between "AED" and the number.
      .map((item) =>
        within(item).getByRole('heading', { level: 3 }).textContent?.replace(/\s+/g, ' '),
      )
  );
}

it('shows the hero with its calls to action and the four steps, without figures while the settings load', async () => {
  let answer!: (value: { body: unknown }) => void;
  stubApi({ 'GET /api/settings': () => new Promise((resolve) => (answer = resolve)) });
  renderWithProviders(<LandingPage />);

  expect(
    screen.getByRole('heading', { level: 1, name: 'Save together. Borrow fairly.' }),
  ).toBeInTheDocument();
  for (const link of screen.getAllByRole('link', { name: 'Apply to join' }))
    expect(link).toHaveAttribute('href', '/join');
  expect(screen.getByRole('link', { name: 'Member sign in' })).toHaveAttribute('href', '/sign-in');
  expect(steps()).toEqual([
    'Join the association',
    'Save a fixed amount each month',
    'Borrow at one fair, flat rate',
    'Build security',
  ]);

  answer({ body: settings });
  expect(await screen.findByText('Save AED 250 a month')).toBeInTheDocument();
});

it('uses the monthly due and the loan policy from GET /api/settings', async () => {
  const requests = stubApi({ 'GET /api/settings': () => ({ body: settings }) });
  renderWithProviders(<LandingPage />);

  expect(await screen.findByText('Save AED 250 a month')).toBeInTheDocument();
  expect(steps()).toEqual([
    'Join the association',
    'Save AED 250 a month',
    'Borrow AED 300 to AED 4,000 at 6 % flat',
    'Build security',
  ]);
  expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/settings']);
});

it('keeps the steps readable when the settings cannot be loaded', async () => {
  const requests = stubApi({
    'GET /api/settings': () => ({
      status: 500,
      body: { status_code: 500, message: 'Something went wrong.' },
    }),
  });
  renderWithProviders(<LandingPage />);

  await screen.findByRole('list');
  await expect.poll(() => requests.length).toBe(1);
  expect(steps()).toContain('Save a fixed amount each month');
  expect(steps()).toContain('Borrow at one fair, flat rate');
});
