import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { NotFoundPage } from './not-found-page.tsx';

it('shows a picture, says what happened and links to / with Go to Dashboard', () => {
  renderWithProviders(<NotFoundPage />, { path: '*', at: '/user/no-such-page' });
  expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  expect(
    screen.getByRole('img', { name: 'A signpost pointing in different directions' }),
  ).toHaveAttribute('width', '320');
  expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/');
});
