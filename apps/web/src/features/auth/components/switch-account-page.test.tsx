import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { SwitchAccountPage } from './switch-account-page.tsx';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';
const logouts = (requests: { method: string; url: string }[]) =>
  requests.filter((r) => r.method === 'POST' && r.url === '/api/logout');

function setup() {
  localStorage.setItem('ts_token', TOKEN);
  const requests = stubApi({ 'POST /api/logout': () => ({ body: { message: 'Signed out.' } }) });
  renderWithProviders(<SwitchAccountPage />, {
    path: '/user/switch-account',
    routes: { '/sign-in': 'SIGN IN PAGE', '/user': 'MEMBER HOME' },
  });
  return requests;
}

describe('SwitchAccountPage', () => {
  it('asks first: opening the page does not sign out', async () => {
    const requests = setup();
    expect(
      await screen.findByText('Sign out and sign in with another account?'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    // Give an effect the time to run: nothing is sent and the session is kept.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logouts(requests)).toHaveLength(0);
    expect(localStorage.getItem('ts_token')).toBe(TOKEN);
    expect(screen.queryByText('SIGN IN PAGE')).not.toBeInTheDocument();
  });

  it('signs out with the button and lands on /sign-in', async () => {
    const requests = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('SIGN IN PAGE')).toBeInTheDocument();
    expect(logouts(requests)).toHaveLength(1);
    expect(localStorage.getItem('ts_token')).toBeNull();
  });

  it('offers to stay signed in, back to the member home', async () => {
    const requests = setup();
    await userEvent.click(await screen.findByRole('link', { name: 'Stay signed in' }));
    expect(await screen.findByText('MEMBER HOME')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('ts_token')).toBe(TOKEN));
    expect(logouts(requests)).toHaveLength(0);
  });
});
