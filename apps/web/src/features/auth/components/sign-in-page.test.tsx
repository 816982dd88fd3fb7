import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { profileBody } from '../../../testing/api-fixtures.ts';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import {
  currentSession,
  getCachedProfileId,
  setCachedProfileId,
} from '../../../lib/session-store.ts';
import { SignInPage } from './sign-in-page.tsx';

const loginAnswer = () => ({
  body: {
    access_token: 'abcdefghijklmnopqrstuvwxyz012345',
    token_type: 'Bearer',
    expires_at: '2026-11-22T10:00:00Z',
    message: 'Signed in successfully.',
  },
});

function profileAnswer(role: 'member' | 'admin', isMember = true) {
  const body = profileBody(1, { id: 4, role, is_member: isMember });
  return () => ({ body });
}

/** The sign-in page reached through a redirect, with the route it came from in its state. */
function renderRedirectedFrom(from: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[{ pathname: '/sign-in', state: { from } }]}>
        <Routes>
          <Route path="/sign-in" element={<SignInPage />} />
          <Route path="/user" element={<p>MEMBER HOME</p>} />
          <Route path="/user/my-loan" element={<p>MY LOAN</p>} />
          <Route path="/admin" element={<p>ADMIN OVERVIEW</p>} />
          <Route path="/admin/loans" element={<p>ADMIN LOANS</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function signIn(email = 'rahul@jamiya.example') {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), 'jamiya-demo');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('SignInPage', () => {
  it('requires an email and a password before calling the server', async () => {
    const requests = stubApi({});
    renderWithProviders(<SignInPage />, { path: '/sign-in' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('stores the token, toasts the message, and goes to /user', async () => {
    stubApi({ 'POST /api/login': loginAnswer, 'GET /api/profile': profileAnswer('member') });
    renderWithProviders(<SignInPage />, { path: '/sign-in', routes: { '/user': 'MEMBER HOME' } });
    await signIn();
    expect(await screen.findByText('MEMBER HOME')).toBeInTheDocument();
    expect(localStorage.getItem('ts_token')).toBe('abcdefghijklmnopqrstuvwxyz012345');
    await waitFor(() =>
      expect(currentSession()).toEqual({
        token: 'abcdefghijklmnopqrstuvwxyz012345',
        accountId: 4,
      }),
    );
    expect(await screen.findByText('Signed in successfully.')).toBeInTheDocument();
  });

  it('after another account’s session on the phone, no account is the session’s until the new profile answers', async () => {
    // Member 9 was signed in here; her session ended and her id is still kept.
    localStorage.setItem('ts_token', 'token-of-member-nine-0123456789');
    setCachedProfileId(9, 'token-of-member-nine-0123456789');
    localStorage.removeItem('ts_token');
    let answerProfile!: () => void;
    const profileAnswered = new Promise<void>((resolve) => (answerProfile = resolve));
    const seen: (number | null)[] = [];
    stubApi({
      'POST /api/login': loginAnswer,
      'GET /api/profile': async () => {
        seen.push(getCachedProfileId());
        await profileAnswered;
        return profileAnswer('member')();
      },
    });
    renderWithProviders(<SignInPage />, { path: '/sign-in', routes: { '/user': 'MEMBER HOME' } });
    await signIn();
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen).toEqual([null]);
    answerProfile();
    expect(await screen.findByText('MEMBER HOME')).toBeInTheDocument();
    expect(getCachedProfileId()).toBe(4);
  });

  it.each([
    ['an admin', true],
    ['an admin who is not a member', false],
  ])('takes %s to /admin', async (_, isMember) => {
    stubApi({
      'POST /api/login': loginAnswer,
      'GET /api/profile': profileAnswer('admin', isMember),
    });
    renderWithProviders(<SignInPage />, {
      path: '/sign-in',
      routes: { '/user': 'MEMBER HOME', '/admin': 'ADMIN OVERVIEW' },
    });
    await signIn('admin@jamiya.example');
    expect(await screen.findByText('ADMIN OVERVIEW')).toBeInTheDocument();
  });

  it.each([
    ['an admin', 'admin', '/admin/loans', 'ADMIN LOANS'],
    ['an admin', 'admin', '/user/my-loan', 'MY LOAN'],
    ['a member', 'member', '/user/my-loan', 'MY LOAN'],
    // A member may not see /admin: the member area instead of the not-found page.
    ['a member', 'member', '/admin/loans', 'MEMBER HOME'],
  ] as const)('takes %s (%s) sent from %s back there when allowed', async (_, role, from, page) => {
    stubApi({ 'POST /api/login': loginAnswer, 'GET /api/profile': profileAnswer(role) });
    renderRedirectedFrom(from);
    await signIn();
    expect(await screen.findByText(page)).toBeInTheDocument();
  });

  it.each([
    // A member page is not theirs: the admin area's start instead.
    ['/user/my-loan', 'ADMIN OVERVIEW'],
    ['/admin/loans', 'ADMIN LOANS'],
  ])('takes an admin who is not a member, sent from %s, to %s', async (from, page) => {
    stubApi({ 'POST /api/login': loginAnswer, 'GET /api/profile': profileAnswer('admin', false) });
    renderRedirectedFrom(from);
    await signIn('admin@jamiya.example');
    expect(await screen.findByText(page)).toBeInTheDocument();
  });

  it.each([
    ['a member', 'member', true, 'MEMBER HOME'],
    ['an admin who is a member', 'admin', true, 'MEMBER HOME'],
    ['an admin who is not a member', 'admin', false, 'ADMIN OVERVIEW'],
  ] as const)(
    'takes %s who is already signed in from /sign-in to their area',
    async (_, role, isMember, page) => {
      localStorage.setItem('ts_token', 'abcdefghijklmnopqrstuvwxyz012345');
      const requests = stubApi({ 'GET /api/profile': profileAnswer(role, isMember) });
      renderWithProviders(<SignInPage />, {
        path: '/sign-in',
        routes: { '/user': 'MEMBER HOME', '/admin': 'ADMIN OVERVIEW' },
      });
      expect(await screen.findByText(page)).toBeInTheDocument();
      expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/profile']);
    },
  );

  it('stays on the form when the stored session has ended', async () => {
    localStorage.setItem('ts_token', 'abcdefghijklmnopqrstuvwxyz012345');
    const requests = stubApi({
      'GET /api/profile': () => ({
        status: 401,
        body: { status_code: 401, message: 'Your session has ended. Please sign in again.' },
      }),
    });
    renderWithProviders(<SignInPage />, {
      path: '/sign-in',
      routes: { '/user': 'MEMBER HOME', '/admin': 'ADMIN OVERVIEW' },
    });
    await waitFor(() => expect(requests).toHaveLength(1));
    await waitFor(() => expect(localStorage.getItem('ts_token')).toBeNull());
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText('MEMBER HOME')).not.toBeInTheDocument();
  });

  it("shows the server's message when sign-in fails", async () => {
    stubApi({
      'POST /api/login': () => ({
        status: 401,
        body: { status_code: 401, message: 'The email or password is not correct.' },
      }),
    });
    renderWithProviders(<SignInPage />, { path: '/sign-in' });
    await userEvent.type(screen.getByLabelText('Email'), 'rahul@jamiya.example');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The email or password is not correct.')).toBeInTheDocument();
    expect(localStorage.getItem('ts_token')).toBeNull();
  });
});
