import { screen, within } from '@testing-library/react';
import type { PublicSettings } from '@jamiya/contracts/settings';
import { expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { LandingPage } from './landing-page.tsx';

// Figures other than the defaults, so the page can only show them by reading the answer.
const settings: PublicSettings = {
  association_name: 'Jamiya',
  currency: 'AED',
  monthly_due: 250,
  loan_policy: {
    minimum: 300,
    maximum: 4000,
    step: 100,
    default: 1000,
    interest_rate_percent: 6,
    charge_called: 'interest',
    terms: [1, 3, 6],
    allow_custom_term: true,
    max_custom_term: 24,
  },
  loan_rules: {
    min_membership_months: 3,
    max_months_in_arrears: 0,
    savings_multiple: 3,
    guarantor_alert_days: 30,
    write_off_bar_months: 12,
  },
  dues_rules: {
    due_day: 1,
    reminder_days_before: 3,
    grace_days: 15,
    fine_amount: 10,
    fine_percent: null,
  },
  exit_rules: { share_out_at_exit: false },
  terms_text: 'Loans carry 6 % flat interest.',
  payment_instructions: '',
  texts_in: { payment_instructions: 'en', terms_text: 'en' },
  recharge: { minimum: 10, maximum: 500 },
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
