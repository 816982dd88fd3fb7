import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileBody } from '../../../testing/api-fixtures.ts';
import { renderWithProviders, stubApi, type StubRequest } from '../../../testing/render.tsx';
import { MemberLayout } from './member-layout.tsx';
import { NotificationBell } from './notification-bell.tsx';

// The member layout's update banner loads the service worker's helper after the page paints;
// loaded here first, a test that ends before then leaves no import running past the file's end
// (Vitest refuses a module loaded after its environment is torn down).
await import('../../../lib/app-updates.ts');

const countCalls = (requests: StubRequest[]) =>
  requests.filter((r) => r.url === '/api/notifications/unread-count');

afterEach(() => {
  focusManager.setFocused(undefined);
  vi.useRealTimers();
});

describe('the notification bell', () => {
  it('names the unread count and leads to the notifications', async () => {
    stubApi({ 'GET /api/notifications/unread-count': () => ({ body: { unread: 2 } }) });
    const user = userEvent.setup();
    renderWithProviders(<NotificationBell />, {
      path: '/user',
      routes: { '/user/notifications': 'NOTIFICATIONS PAGE' },
    });
    const bell = await screen.findByRole('link', { name: 'Notifications, 2 unread' });
    expect(bell).toHaveAttribute('href', '/user/notifications');
    expect(bell).toHaveTextContent('2');
    await user.click(bell);
    expect(await screen.findByText('NOTIFICATIONS PAGE')).toBeInTheDocument();
  });

  it('shows no count when all is read, and 99+ beyond 99', async () => {
    let unread = 0;
    stubApi({ 'GET /api/notifications/unread-count': () => ({ body: { unread } }) });
    const { queryClient } = renderWithProviders(<NotificationBell />, { path: '/user' });
    await waitFor(() => expect(screen.getByRole('link')).toHaveAccessibleName('Notifications'));
    expect(screen.getByRole('link')).toHaveTextContent('');
    unread = 120;
    await act(() => queryClient.invalidateQueries());
    expect(
      await screen.findByRole('link', { name: 'Notifications, 120 unread' }),
    ).toHaveTextContent('99+');
  });

  it('asks again every 30 s while the tab is visible, and not while it is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let unread = 1;
    const requests = stubApi({
      'GET /api/notifications/unread-count': () => ({ body: { unread } }),
    });
    renderWithProviders(<NotificationBell />, { path: '/user' });
    await screen.findByRole('link', { name: 'Notifications, 1 unread' });
    expect(countCalls(requests)).toHaveLength(1);

    unread = 3;
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(countCalls(requests)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(await screen.findByRole('link', { name: 'Notifications, 3 unread' })).toBeVisible();
    expect(countCalls(requests)).toHaveLength(2);

    act(() => focusManager.setFocused(false));
    await act(() => vi.advanceTimersByTimeAsync(90_000));
    expect(countCalls(requests)).toHaveLength(2);
  });
});

describe('the member header', () => {
  it('has the bell beside the profile', async () => {
    stubApi({
      'GET /api/notifications/unread-count': () => ({ body: { unread: 4 } }),
      'GET /api/profile': () => ({ body: profileBody() }),
      'GET /api/my-account-data': () => ({ status: 500, body: { status_code: 500, message: 'x' } }),
    });
    renderWithProviders(<MemberLayout />, { path: '/user/*', at: '/user' });
    const banner = await screen.findByRole('banner');
    expect(await screen.findByRole('link', { name: 'Notifications, 4 unread' })).toHaveAttribute(
      'href',
      '/user/notifications',
    );
    expect(banner).toContainElement(screen.getByRole('link', { name: 'Notifications, 4 unread' }));
    // One bell serves the phone and the desktop header alike.
    expect(screen.getAllByRole('link', { name: /^Notifications/ })).toHaveLength(1);
  });
});
