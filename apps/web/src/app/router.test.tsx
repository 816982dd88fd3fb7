import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { expect, it } from 'vitest';
import { stubApi } from '../testing/render.tsx';
import { AppRoutes } from './app.tsx';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

it('shows the landing page at once, with no provider around it', () => {
  stubApi({ 'GET /api/settings': () => new Promise(() => undefined) });
  renderAt('/');
  expect(
    screen.getByRole('heading', { level: 1, name: 'Save together. Borrow fairly.' }),
  ).toBeInTheDocument();
});

it('loads another public page when it is first shown, the header staying in place', async () => {
  stubApi({ 'GET /api/settings': () => new Promise(() => undefined) });
  renderAt('/');
  await userEvent.click(screen.getAllByRole('link', { name: 'Login' })[0]!);

  expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
});

it('sends a visitor without a session from the member area to the sign-in page', async () => {
  localStorage.clear();
  renderAt('/user');
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
});
