import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { profileBody } from '../../../testing/api-fixtures.ts';
import { getToken } from '../../../lib/session-store.ts';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { SetPasswordPage } from './set-password-page.tsx';

const TOKEN = 'Zr4dQ2x8_kLmN0pq7sTuVwXyZ-abcdEFGHijklMNOPq';
const at = (token = TOKEN) => ({ path: '/set-password', at: `/set-password?token=${token}` });

async function choose(password: string, confirmation: string) {
  const user = userEvent.setup();
  if (password) await user.type(screen.getByLabelText('New password'), password);
  if (confirmation)
    await user.type(screen.getByLabelText('Confirm the new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Set password' }));
}

function expectLinkFailed() {
  const panel = screen.getByRole('alert', { name: 'This link no longer works' });
  expect(panel).toHaveTextContent('works only once and only for 24 hours');
  expect(screen.getByRole('link', { name: 'Get a new link' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  return panel;
}

describe('a link without a usable token', () => {
  it.each([
    ['no token', '/set-password'],
    ['an empty token', '/set-password?token='],
    ['a cut-off token', '/set-password?token=abc123'],
  ])('shows how to get a new link for %s, without calling the server', (_, url) => {
    const requests = stubApi({});
    renderWithProviders(<SetPasswordPage />, { path: '/set-password', at: url });
    expect(expectLinkFailed()).not.toHaveFocus();
    expect(requests).toEqual([]);
  });
});

describe('the set-password form', () => {
  it('asks for a password of 8 characters and its confirmation', async () => {
    const requests = stubApi({});
    renderWithProviders(<SetPasswordPage />, at());
    await choose('', '');
    expect(
      await screen.findByText('The new password must be at least 8 characters.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm the new password')).toHaveAccessibleDescription(
      'Please confirm the new password.',
    );
    expect(requests).toEqual([]);
  });

  it('refuses two different passwords', async () => {
    const requests = stubApi({});
    renderWithProviders(<SetPasswordPage />, at());
    await choose('a-new-pass-123', 'a-new-pass-124');
    expect(await screen.findByText('The two new passwords do not match.')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  const signedIn = {
    access_token: 'new-session-token',
    token_type: 'Bearer',
    expires_at: '2026-11-25T20:00:00.000Z',
    message: 'Your password is set, and you are signed in.',
  };

  it('sends the token with the password, then signs the member in and opens the member area', async () => {
    const requests = stubApi({
      'POST /api/password/set': () => ({ body: signedIn }),
      'GET /api/profile': () => ({ body: profileBody() }),
    });
    renderWithProviders(<SetPasswordPage />, {
      ...at(),
      routes: { '/user': 'MEMBER AREA', '/admin': 'ADMIN AREA' },
    });
    await choose('a-new-pass-123', 'a-new-pass-123');

    expect(await screen.findByText('MEMBER AREA')).toBeInTheDocument();
    expect(await screen.findByText(signedIn.message)).toBeInTheDocument();
    expect(getToken()).toBe('new-session-token');
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/password/set',
      'GET /api/profile',
    ]);
    expect(requests[0]).toMatchObject({
      body: { token: TOKEN, password: 'a-new-pass-123', password_confirmation: 'a-new-pass-123' },
    });
    expect(requests[1]!.headers.get('authorization')).toBe('Bearer new-session-token');
  });

  it('opens the admin area for an admin', async () => {
    stubApi({
      'POST /api/password/set': () => ({ body: signedIn }),
      'GET /api/profile': () => ({
        body: profileBody(1, { role: 'admin', is_member: true }),
      }),
    });
    renderWithProviders(<SetPasswordPage />, {
      ...at(),
      routes: { '/user': 'MEMBER AREA', '/admin': 'ADMIN AREA' },
    });
    await choose('a-new-pass-123', 'a-new-pass-123');
    expect(await screen.findByText('ADMIN AREA')).toBeInTheDocument();
  });

  it('says the password is set, with a way to sign in, when its profile does not come', async () => {
    stubApi({
      'POST /api/password/set': () => ({ body: signedIn }),
      'GET /api/profile': () => ({
        status: 500,
        body: { status_code: 500, message: 'Something went wrong on our side.' },
      }),
    });
    renderWithProviders(<SetPasswordPage />, at());
    await choose('a-new-pass-123', 'a-new-pass-123');
    const done = await screen.findByRole('status', { name: 'Your password is set' });
    expect(done).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('shows how to get a new link when the server says the link is expired or used (422)', async () => {
    stubApi({
      'POST /api/password/set': () => ({
        status: 422,
        body: {
          status_code: 422,
          message: 'This link has expired or has already been used.',
          errors: { token: ['This link has expired or has already been used.'] },
        },
      }),
    });
    renderWithProviders(<SetPasswordPage />, at());
    await choose('a-new-pass-123', 'a-new-pass-123');
    await screen.findByRole('alert', { name: 'This link no longer works' });
    expect(expectLinkFailed()).toHaveFocus();
  });

  it("puts the server's password error beside the field (422)", async () => {
    stubApi({
      'POST /api/password/set': () => ({
        status: 422,
        body: {
          status_code: 422,
          message: 'Please choose another password.',
          errors: { password: ['This password is too common. Please choose another.'] },
        },
      }),
    });
    renderWithProviders(<SetPasswordPage />, at());
    await choose('password123', 'password123');
    expect(await screen.findByText('Please choose another password.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'This password is too common. Please choose another.',
    );
  });

  it("shows the server's sentence when tried too often (429) and keeps the form", async () => {
    stubApi({
      'POST /api/password/set': () => ({
        status: 429,
        body: {
          status_code: 429,
          message: 'Too many requests. Please wait a moment and try again.',
        },
      }),
    });
    renderWithProviders(<SetPasswordPage />, at());
    await choose('a-new-pass-123', 'a-new-pass-123');
    expect(
      await screen.findByText('Too many requests. Please wait a moment and try again.'),
    ).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: 'Set password' })).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
