import '../../../testing/fake-indexeddb.ts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetWaitingPayments, keepPayment, waitingPayments } from '../../../lib/outbox.ts';
import { setCachedProfileId, setToken } from '../../../lib/session-store.ts';
import { waitingPayment } from '../../../testing/outbox-fixtures.ts';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { SwitchAccountPage } from './switch-account-page.tsx';

// Signing out with payments waiting on the phone (issue 32): the member's own are his to keep
// or delete; another member's are neither shown nor touched. Amina (account 2) signs out;
// Rahul (account 3) left one of his before her.
const AMINA = 2;
const RAHUL = 3;
const TOKEN = 'token-of-amina'.padEnd(43, 'x');
const aminas = waitingPayment(AMINA, '2026-09');
const rahuls = waitingPayment(RAHUL, '2026-10');

async function setup({ hasHerOwn = true } = {}) {
  if (hasHerOwn) await keepPayment(aminas);
  await keepPayment(rahuls);
  setToken(TOKEN);
  setCachedProfileId(AMINA, TOKEN);
  const requests = stubApi({ 'POST /api/logout': () => ({ body: { message: 'Signed out.' } }) });
  renderWithProviders(<SwitchAccountPage />, {
    path: '/user/switch-account',
    routes: { '/sign-in': 'SIGN IN PAGE' },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
  return {
    logouts: () => requests.filter((r) => r.url === '/api/logout'),
    waiting: async () =>
      [...(await waitingPayments(AMINA)), ...(await waitingPayments(RAHUL))].map((p) => p.id),
  };
}

afterEach(async () => {
  await forgetWaitingPayments(AMINA);
  await forgetWaitingPayments(RAHUL);
});

describe('signing out with payments waiting on the phone', () => {
  it('asks about her own, and only hers; staying signed in changes nothing', async () => {
    const { logouts, waiting } = await setup();
    const question = await screen.findByRole('dialog', { name: 'Before you sign out' });
    const items = within(question).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('Monthly due for September 2026: AED 200');
    expect(question).toHaveTextContent(
      'Keep it, and it is sent the next time you sign in on this phone.',
    );
    await userEvent.click(within(question).getByRole('button', { name: 'Stay signed in' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('SIGN IN PAGE')).not.toBeInTheDocument();
    expect(localStorage.getItem('ts_token')).toBe(TOKEN);
    expect(logouts()).toHaveLength(0);
    expect(await waiting()).toEqual([aminas.id, rahuls.id]);
  });

  it('"Keep and sign out" signs out and leaves every payment waiting', async () => {
    const { logouts, waiting } = await setup();
    const question = await screen.findByRole('dialog', { name: 'Before you sign out' });
    await userEvent.click(within(question).getByRole('button', { name: 'Keep and sign out' }));
    expect(await screen.findByText('SIGN IN PAGE')).toBeInTheDocument();
    expect(localStorage.getItem('ts_token')).toBeNull();
    expect(logouts()).toHaveLength(1);
    expect(await waiting()).toEqual([aminas.id, rahuls.id]);
  });

  it('"Delete and sign out" deletes hers, and leaves his', async () => {
    const { logouts, waiting } = await setup();
    const question = await screen.findByRole('dialog', { name: 'Before you sign out' });
    await userEvent.click(within(question).getByRole('button', { name: 'Delete and sign out' }));
    expect(await screen.findByText('SIGN IN PAGE')).toBeInTheDocument();
    expect(localStorage.getItem('ts_token')).toBeNull();
    expect(logouts()).toHaveLength(1);
    expect(await waiting()).toEqual([rahuls.id]);
  });

  it('asks nothing when none of hers waits, and leaves his', async () => {
    const { logouts, waiting } = await setup({ hasHerOwn: false });
    expect(await screen.findByText('SIGN IN PAGE')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(logouts()).toHaveLength(1);
    expect(await waiting()).toEqual([rahuls.id]);
  });
});
