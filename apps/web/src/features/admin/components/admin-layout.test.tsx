import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { settingsBody } from '../../../testing/api-fixtures.ts';
import { getToken, setToken } from '../../../lib/session-store.ts';
import { adminProfileBody, overviewBody } from '../../../testing/admin-fixtures.ts';
import { AdminLayout } from './admin-layout.tsx';

function setup({
  at = '/admin',
  pending = 3,
  isMember = false,
}: { at?: string; pending?: number; isMember?: boolean } = {}) {
  setToken('admin-token'.padEnd(43, 'x'));
  const profile = adminProfileBody();
  profile.userData.is_member = isMember;
  const requests = stubApi({
    'POST /api/logout': () => ({ body: { message: 'You are signed out.' } }),
    'GET /api/profile': () => ({ body: profile }),
    'GET /api/settings': () => ({
      body: { ...settingsBody(), association_name: 'Al Qusais Savings Circle' },
    }),
    'GET /api/admin/overview': () => ({ body: overviewBody({ receipts_pending: pending }) }),
  });
  const user = userEvent.setup();
  renderWithProviders(<AdminLayout />, {
    path: '/admin/*',
    at,
    routes: { '/sign-in': 'SIGN-IN PAGE' },
  });
  return { requests, user };
}

const NAV = [
  ['Overview', '/admin'],
  ['Review queue', '/admin/payments'],
  ['Bank statements', '/admin/bank'],
  ['Loans', '/admin/loans'],
  ['Arrears', '/admin/arrears'],
  ['Members', '/admin/members'],
  ['Applications', '/admin/applications'],
  ['Leaving', '/admin/exits'],
  ['Messages', '/admin/messages'],
  ['Mobile recharges', '/admin/recharges'],
  ['Bonus share-out', '/admin/bonus'],
  ['Settings', '/admin/settings'],
  ['Import', '/admin/import'],
  ['Books', '/admin/ledger'],
  ['Audit log', '/admin/audit'],
] as const;

describe('the admin layout', () => {
  it("shows the association's name, Admin, the signed-in admin and a way to sign out", async () => {
    setup();
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByText('Al Qusais Savings Circle')).toBeInTheDocument();
    expect(within(banner).getByText('Admin')).toBeInTheDocument();
    expect(await within(banner).findByText('Signed in as Fatima Al Mansoori')).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute(
      'href',
      '#content',
    );
    expect(screen.getByRole('main')).toHaveAttribute('id', 'content');
  });

  it('signs out with its button: the session ends on the server, the token goes, then sign-in', async () => {
    const { user, requests } = setup();
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('SIGN-IN PAGE')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST' && r.url === '/api/logout')).toBe(true);
    expect(getToken()).toBeNull();
  });

  it('lists every admin page in the side navigation, the current one marked', async () => {
    setup({ at: '/admin/loans/7' });
    const nav = screen.getByRole('navigation', { name: 'Admin area' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(NAV.map(([, href]) => href));
    for (const [name] of NAV)
      expect(within(nav).getByRole('link', { name: new RegExp(`^${name}`) }));
    expect(within(nav).getByRole('link', { name: 'Loans' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Overview is current only on /admin itself.
    expect(within(nav).getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
  });

  it("badges the review queue with the overview's count of receipts to review", async () => {
    setup({ pending: 3 });
    const nav = screen.getByRole('navigation', { name: 'Admin area' });
    expect(
      await within(nav).findByRole('link', { name: 'Review queue (3 receipts to review)' }),
    ).toHaveAttribute('href', '/admin/payments');
  });

  it('shows no badge when nothing waits', async () => {
    const { requests } = setup({ pending: 0 });
    const nav = screen.getByRole('navigation', { name: 'Admin area' });
    await screen.findByText('Signed in as Fatima Al Mansoori');
    expect(requests.some((r) => r.url === '/api/admin/overview')).toBe(true);
    expect(within(nav).getByRole('link', { name: 'Review queue' })).toBeInTheDocument();
  });

  it('opens the phone menu with the same entries and closes it with Escape', async () => {
    const { user } = setup();
    const button = screen.getByRole('button', { name: 'Open the admin menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(screen.getByRole('button', { name: 'Close the admin menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    // Side navigation and phone menu (CSS shows one of them at a time).
    expect(screen.getAllByRole('navigation', { name: 'Admin area' })).toHaveLength(2);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open the admin menu' })).toHaveFocus();
    expect(screen.getAllByRole('navigation', { name: 'Admin area' })).toHaveLength(1);
  });

  it('closes the phone menu when an entry is chosen', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Open the admin menu' }));
    const [, phoneNav] = screen.getAllByRole('navigation', { name: 'Admin area' });
    await user.click(within(phoneNav!).getByRole('link', { name: 'Members' }));
    expect(screen.getByRole('button', { name: 'Open the admin menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.getAllByRole('navigation', { name: 'Admin area' })).toHaveLength(1);
  });

  it('leads an admin who is a member (the chair) to the member area, on a phone too', async () => {
    const { user } = setup({ isMember: true });
    const nav = screen.getByRole('navigation', { name: 'Admin area' });
    expect(await within(nav).findByRole('link', { name: 'My member area' })).toHaveAttribute(
      'href',
      '/user',
    );
    await user.click(screen.getByRole('button', { name: 'Open the admin menu' }));
    const menus = screen.getAllByRole('navigation', { name: 'Admin area' });
    expect(menus).toHaveLength(2);
    expect(within(menus[1]!).getByRole('link', { name: 'My member area' })).toHaveAttribute(
      'href',
      '/user',
    );
  });

  it('offers an admin who is not a member no member area', async () => {
    setup();
    const nav = screen.getByRole('navigation', { name: 'Admin area' });
    await within(nav).findByRole('link', { name: 'Overview' });
    expect(await screen.findByText('Signed in as Fatima Al Mansoori')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My member area' })).not.toBeInTheDocument();
  });
});
