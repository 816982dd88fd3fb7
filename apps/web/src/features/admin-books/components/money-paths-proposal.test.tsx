import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminProfileBody } from '../../../testing/admin-fixtures.ts';
import { chairProfileBody, proposalBody } from '../../../testing/proposal-fixtures.ts';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { settingsBody } from '../testing/fixtures.ts';
import { AdminSettingsPage } from './settings-page.tsx';

// Issue 50, point 13: new payment instructions wait for a second admin on the settings page,
// who reads what changes and confirms it by saving the form with it.

const NEW = 'Bank: Mashreq\nIBAN: AE11 0330 0000 1234 5678 901';
const moneyPaths = proposalBody({
  id: 12,
  action: 'settings.money_paths',
  loan_id: null,
  member: null,
  amount: null,
  details: {
    paths: { instructions: NEW, translated: { ar: 'مصرف المشرق' }, oneAdminBankFeeFils: 10_000 },
  },
});

function setup(profile: ReturnType<typeof adminProfileBody>, proposals: unknown[]) {
  const requests = stubApi({
    'GET /api/profile': () => ({ body: profile }),
    'GET /api/admin/settings': () => ({ body: settingsBody() }),
    'GET /api/admin/proposals': () => ({ body: { items: proposals } }),
    'PUT /api/admin/settings': (req) => ({
      body: {
        message: 'The settings were saved.',
        settings: settingsBody({
          payment_instructions: (req.body as { payment_instructions: string }).payment_instructions,
        }),
      },
    }),
  });
  renderWithProviders(<AdminSettingsPage />, { path: '/admin/settings' });
  return { requests, user: userEvent.setup() };
}

describe('new payment instructions waiting for a second admin', () => {
  it('shows the second admin what changes, and Confirm saves the form with it', async () => {
    const { requests, user } = setup(chairProfileBody(), [moneyPaths]);
    const panel = within(
      await screen.findByRole('region', { name: 'Proposed: waiting for a second admin' }),
    );
    expect(panel.getByText(/Proposed by Fatima Al Mansoori/)).toBeInTheDocument();
    expect(panel.getByText('Payment instructions (English)')).toBeInTheDocument();
    expect(panel.getByText(/IBAN: AE11 0330/)).toBeInTheDocument();
    expect(panel.getByText('مصرف المشرق')).toBeInTheDocument();
    // An edit this admin has not saved is not sent with the confirmation, and stays.
    await user.clear(screen.getByLabelText('Association name'));
    await user.type(screen.getByLabelText('Association name'), 'Not saved yet');
    await user.click(panel.getByRole('button', { name: 'Confirm and save' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    const body = requests.find((r) => r.method === 'PUT')!.body as {
      association_name: string;
      payment_instructions: string;
      translations: { ar: { payment_instructions: string } };
      books_rules: { one_admin_bank_fee: number };
    };
    expect(body.payment_instructions).toBe(NEW);
    expect(body.translations.ar.payment_instructions).toBe('مصرف المشرق');
    expect(body.books_rules.one_admin_bank_fee).toBe(100);
    expect(body).toMatchObject({ association_name: 'Jamiya Al Qusais' });
    expect(await screen.findByText('The settings were saved.')).toBeInTheDocument();
    expect(screen.getByLabelText('Association name')).toHaveValue('Not saved yet');
  });

  it('offers the proposer no Confirm, only Withdraw', async () => {
    setup(adminProfileBody(), [moneyPaths]);
    const panel = within(
      await screen.findByRole('region', { name: 'Proposed: waiting for a second admin' }),
    );
    expect(panel.queryByRole('button', { name: 'Confirm and save' })).toBeNull();
    expect(panel.getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
  });

  it('says nothing when none waits', async () => {
    setup(chairProfileBody(), []);
    expect(await screen.findByLabelText('Association name')).toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Proposed: waiting for a second admin' }),
    ).toBeNull();
  });
});
