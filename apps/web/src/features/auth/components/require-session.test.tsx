import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { PageShellProvider } from '../../../lib/page-shell.ts';
import { currentSession, setCachedProfileId } from '../../../lib/session-store.ts';
import { RequireSession } from './require-session.tsx';

const userData = (id: number, role: 'member' | 'admin' = 'member', isMember = true) => ({
  userData: {
    id,
    unique_id: `JM${String(id).padStart(6, '0')}`,
    name: 'Amina Rahman',
    email: 'amina@jamiya.example',
    mobile: null,
    address: null,
    gender: null,
    profession_id: 1,
    status: 1,
    role,
    is_member: isMember,
    image: null,
    wallet: null,
    created_at: '2026-03-01T08:00:00.000Z',
  },
});

function renderArea(at = '/user') {
  return renderWithProviders(
    <RequireSession>
      <p>MEMBER AREA</p>
    </RequireSession>,
    { path: '/user/*', at, routes: { '/sign-in': 'SIGN IN PAGE', '/admin': 'ADMIN AREA' } },
  );
}

describe('RequireSession', () => {
  it('draws the area for the build’s drawing of the page, reading no session and calling nothing', () => {
    localStorage.setItem('ts_token', 'token-of-amina-0123456789');
    const requests = stubApi({});
    renderWithProviders(
      <PageShellProvider value>
        <RequireSession>
          <p>MEMBER AREA</p>
        </RequireSession>
      </PageShellProvider>,
      { path: '/user', routes: { '/sign-in': 'SIGN IN PAGE' } },
    );
    expect(screen.getByText('MEMBER AREA')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('sends a visitor without a token to /sign-in without calling the API', async () => {
    const requests = stubApi({});
    renderArea();
    expect(await screen.findByText('SIGN IN PAGE')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('shows a loading indicator, then the area when the profile matches the cached id', async () => {
    localStorage.setItem('ts_token', 'token-of-amina-0123456789');
    setCachedProfileId(2, 'token-of-amina-0123456789');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const requests = stubApi({
      'GET /api/profile': async () => {
        await gate;
        return { body: userData(2) };
      },
    });
    renderArea();
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session...');
    release();
    expect(await screen.findByText('MEMBER AREA')).toBeInTheDocument();
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer token-of-amina-0123456789');
  });

  it('remembers the profile id on the first check', async () => {
    localStorage.setItem('ts_token', 'token-of-amina-0123456789');
    stubApi({ 'GET /api/profile': () => ({ body: userData(7) }) });
    renderArea();
    expect(await screen.findByText('MEMBER AREA')).toBeInTheDocument();
    expect(currentSession()).toEqual({ token: 'token-of-amina-0123456789', accountId: 7 });
  });

  it('leaves for /sign-in when its profile is another session’s, ending none', async () => {
    // Amina's area is open; in another tab, account 3 signs in on the same phone.
    localStorage.setItem('ts_token', 'token-of-amina-0123456789');
    stubApi({
      'GET /api/profile': (req) => ({
        body: userData(req.headers.get('authorization')?.includes('amina') ? 2 : 3),
      }),
    });
    const view = renderWithProviders(
      <RequireSession>
        <Link to="/user/monthly-pay">MEMBER AREA</Link>
      </RequireSession>,
      { path: '/user/*', at: '/user', routes: { '/sign-in': 'SIGN IN PAGE' } },
    );
    const link = await screen.findByRole('link', { name: 'MEMBER AREA' });
    localStorage.setItem('ts_token', 'token-of-account-three-0123');
    setCachedProfileId(3, 'token-of-account-three-0123');
    // Amina's tab goes on: its next page checks the session again.
    await userEvent.click(link);
    expect(await screen.findByText('SIGN IN PAGE')).toBeInTheDocument();
    expect(view.queryClient.getQueryData(['profile'])).toBeUndefined();
    expect(currentSession()).toEqual({ token: 'token-of-account-three-0123', accountId: 3 });
  });

  it('signs out when the profile call fails (an ended session)', async () => {
    localStorage.setItem('ts_token', 'token-that-expired-0123456');
    stubApi({
      'GET /api/profile': () => ({
        status: 401,
        body: { status_code: 401, message: 'Your session has ended. Please sign in again.' },
      }),
    });
    renderArea();
    expect(await screen.findByText('SIGN IN PAGE')).toBeInTheDocument();
    expect(localStorage.getItem('ts_token')).toBeNull();
  });

  it.each(['/user', '/user/monthly-pay'])(
    'leads an admin who is not a member from %s to /admin, calling no member API',
    async (at) => {
      localStorage.setItem('ts_token', 'token-of-the-treasurer-0123');
      const requests = stubApi({
        'GET /api/profile': () => ({ body: userData(1, 'admin', false) }),
      });
      renderArea(at);
      expect(await screen.findByText('ADMIN AREA')).toBeInTheDocument();
      expect(screen.queryByText('MEMBER AREA')).not.toBeInTheDocument();
      expect(requests.map((r) => r.url)).toEqual(['/api/profile']);
    },
  );

  it('keeps the member area for an admin who is also a member', async () => {
    localStorage.setItem('ts_token', 'token-of-the-chair-0123456');
    stubApi({ 'GET /api/profile': () => ({ body: userData(5, 'admin', true) }) });
    renderArea('/user/monthly-pay');
    expect(await screen.findByText('MEMBER AREA')).toBeInTheDocument();
  });
});
