import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { ProfileDropdown } from './profile-dropdown.tsx';

it('signs the member out from the profile menu and lands on /sign-in', async () => {
  localStorage.setItem('ts_token', 'abcdefghijklmnopqrstuvwxyz012345');
  const requests = stubApi({ 'POST /api/logout': () => ({ body: { message: 'Signed out.' } }) });
  renderWithProviders(<ProfileDropdown name="Rahul Nair" uniqueId="JM-0003" image={null} />, {
    path: '/user',
    routes: { '/sign-in': 'SIGN IN PAGE' },
  });
  await userEvent.click(screen.getByRole('button', { name: 'Open the profile menu' }));
  // Switch account stays a link to its page, which asks first.
  expect(screen.getByRole('link', { name: 'Switch account' })).toHaveAttribute(
    'href',
    '/user/switch-account',
  );
  await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
  expect(await screen.findByText('SIGN IN PAGE')).toBeInTheDocument();
  expect(requests.filter((r) => r.method === 'POST' && r.url === '/api/logout')).toHaveLength(1);
  expect(localStorage.getItem('ts_token')).toBeNull();
});
