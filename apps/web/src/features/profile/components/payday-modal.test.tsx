import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { settingsBody } from '../../../testing/api-fixtures.ts';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { profileOf } from '../testing/fixtures.ts';
import { MyProfilePage } from './my-profile-page.tsx';

// Issue 50, point 12: the payday is chosen on its own, so a member who never gave a wallet (which
// the profile editor requires) can still set it.

const noWallet = profileOf({ wallet: null });

const saved = (payday: number | null) => ({
  body: { message: 'Your payday has been saved.', userData: { ...noWallet.userData, payday } },
});

async function openPayday(handlers: Parameters<typeof stubApi>[0] = {}, profile = noWallet) {
  const requests = stubApi({
    'GET /api/profile': () => ({ body: profile }),
    'GET /api/settings': () => ({ body: settingsBody() }),
    ...handlers,
  });
  const view = renderWithProviders(<MyProfilePage />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Change payday' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Your payday' }));
  const sent = () => requests.filter((r) => r.method === 'POST');
  return { requests, sent, user, dialog, queryClient: view.queryClient };
}

describe('the payday, on its own', () => {
  it('is saved without a wallet: the day chosen goes as JSON, and the page refreshes', async () => {
    const { dialog, user, sent, requests } = await openPayday({
      'POST /api/profile/payday': () => saved(22),
    });
    const payday = dialog.getByLabelText('Payday');
    expect(payday).toHaveAccessibleDescription(
      'The day your salary usually comes; your monthly due falls due on it.',
    );
    expect(
      within(payday).getByRole('option', { name: "The association's due day (the 1st)" }),
    ).toHaveValue('');
    await user.selectOptions(payday, 'The 22nd of the month');
    await user.click(dialog.getByRole('button', { name: 'Save payday' }));
    expect(await screen.findByText('Your payday has been saved.')).toBeInTheDocument();
    expect(sent()).toHaveLength(1);
    expect(sent()[0]).toMatchObject({ url: '/api/profile/payday', body: { payday: 22 } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(requests.filter((r) => r.url === '/api/profile')).toHaveLength(2));
  });

  it("starts from the saved day, and clears it back to the association's due day", async () => {
    const { dialog, user, sent } = await openPayday(
      { 'POST /api/profile/payday': () => saved(null) },
      profileOf({ wallet: null, payday: 25 }),
    );
    expect(dialog.getByLabelText('Payday')).toHaveValue('25');
    await user.selectOptions(
      dialog.getByLabelText('Payday'),
      "The association's due day (the 1st)",
    );
    await user.click(dialog.getByRole('button', { name: 'Save payday' }));
    await screen.findByText('Your payday has been saved.');
    expect(sent()[0]?.body).toEqual({ payday: null });
  });

  it("shows the server's refusal in the dialog, which stays open", async () => {
    const { dialog, user } = await openPayday({
      'POST /api/profile/payday': () => ({
        status: 422,
        body: {
          status_code: 422,
          message: 'Check the highlighted fields.',
          errors: { payday: ['Payday must be a day of the month, 1 to 31.'] },
        },
      }),
    });
    await user.click(dialog.getByRole('button', { name: 'Save payday' }));
    expect(
      await dialog.findAllByText('Payday must be a day of the month, 1 to 31.'),
    ).not.toHaveLength(0);
    expect(dialog.getByLabelText('Payday')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Your payday' })).toBeInTheDocument();
  });

  it('says so when the network fails', async () => {
    const { dialog, user } = await openPayday();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await user.click(dialog.getByRole('button', { name: 'Save payday' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Failed to save your payday. Please try again later.',
    );
  });
});
