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

it.each([
  ['an admin who is a member (the chair)', 'admin', '/admin'],
  ['a member', 'member', null],
] as const)('leads %s to the admin area, or not', async (_, role, href) => {
  localStorage.setItem('ts_token', 'abcdefghijklmnopqrstuvwxyz012345');
  stubApi({
    'GET /api/profile': () => ({ body: profileBody(1, { role }) }),
    'GET /api/my-account-data': () => ({
      status: 500,
      body: { status_code: 500, message: 'Something failed on our side.' },
    }),
  });
  renderWithProviders(<ProfileMenuPage />, { path: '/user/profile' });
  expect(await screen.findByRole('link', { name: 'Statement' })).toBeInTheDocument();
  const link = screen.queryByRole('link', { name: 'Admin area' });
  if (href) expect(link).toHaveAttribute('href', href);
  else expect(link).not.toBeInTheDocument();
});

it('offers a quiet way to leave the association, under the menu', async () => {
  stubApi({
    'GET /api/profile': () => ({ body: profileBody() }),
    'GET /api/my-account-data': () => ({
      status: 500,
      body: { status_code: 500, message: 'Something failed on our side.' },
    }),
  });
  renderWithProviders(<ProfileMenuPage />, { path: '/user/profile' });
  const link = await screen.findByRole('link', { name: 'Leave the association' });
  expect(link).toHaveAttribute('href', '/user/leave');
  // After the menu's entries and Sign out, not among them.
  expect(screen.getByRole('button', { name: 'Sign out' }).compareDocumentPosition(link)).toBe(
    Node.DOCUMENT_POSITION_FOLLOWING,
  );
  expect(screen.getByRole('list')).not.toContainElement(link);
});
