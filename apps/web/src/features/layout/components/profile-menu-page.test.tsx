import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { profileBody } from '../../../testing/api-fixtures.ts';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { ProfileMenuPage } from './profile-menu-page.tsx';

it('offers Sign out on the phone profile menu, which signs out and lands on /sign-in', async () => {
  localStorage.setItem('ts_token', 'abcdefghijklmnopqrstuvwxyz012345');
  const requests = stubApi({
    'GET /api/profile': () => ({ body: profileBody() }),
    'GET /api/my-account-data': () => ({
      status: 500,
      body: { status_code: 500, message: 'Something failed on our side.' },
    }),
    'POST /api/logout': () => ({ body: { message: 'Signed out.' } }),
  });
  renderWithProviders(<ProfileMenuPage />, {
    path: '/user/profile',
    routes: { '/sign-in': 'SIGN IN PAGE' },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
  expect(await screen.findByText('SIGN IN PAGE')).toBeInTheDocument();
  expect(requests.filter((r) => r.method === 'POST' && r.url === '/api/logout')).toHaveLength(1);
  expect(localStorage.getItem('ts_token')).toBeNull();
});
