import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { NotFoundPage } from './not-found-page.tsx';

it('shows a picture, says what happened and links a visitor to / with Go to Dashboard', () => {
  renderWithProviders(<NotFoundPage />, { path: '*', at: '/no-such-page' });
  expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  expect(
    screen.getByRole('img', { name: 'A signpost pointing in different directions' }),
  ).toHaveAttribute('width', '320');
  expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/');
});

it('keeps a signed-in member inside the member area: Go to Dashboard leads to /user', () => {
  localStorage.setItem('ts_token', 'abcdefghijklmnopqrstuvwxyz012345');
  renderWithProviders(<NotFoundPage />, { path: '*', at: '/user/no-such-page' });
  expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/user');
});

it('leads a signed-in admin who is not a member to /admin', () => {
  localStorage.setItem('ts_token', 'abcdefghijklmnopqrstuvwxyz012345');
  localStorage.setItem('ts_no_member_area', '1');
  renderWithProviders(<NotFoundPage />, { path: '*', at: '/admin/no-such-page' });
  expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/admin');
});
