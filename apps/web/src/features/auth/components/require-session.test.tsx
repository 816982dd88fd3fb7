import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { PageShellProvider } from '../../../lib/page-shell.ts';
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
    localStorage.setItem('ts_profile_id', '2');
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
    await waitFor(() => expect(localStorage.getItem('ts_profile_id')).toBe('7'));
  });

  it('signs out on a profile that is not the cached one', async () => {
    localStorage.setItem('ts_token', 'token-of-someone-else-0123');
    localStorage.setItem('ts_profile_id', '2');
    stubApi({ 'GET /api/profile': () => ({ body: userData(3) }) });
    renderArea();
    expect(await screen.findByText('SIGN IN PAGE')).toBeInTheDocument();
    expect(localStorage.getItem('ts_token')).toBeNull();
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
