import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi, type StubRequest } from '../../../testing/render.tsx';
import { notification, pageBody } from '../testing/fixtures.ts';
import { NotificationsPage } from './notifications-page.tsx';

type Handlers = Parameters<typeof stubApi>[0];

const approved = notification();
const reminder = notification({
  id: 11,
  kind: 'installment_due_soon',
  title: 'Installment due on 23 November 2026',
  body: 'Installment 2 of 6 of your loan, AED 356.67, is due on 23 November 2026.',
  link: '/user/my-loan',
});
const message = notification({
  id: 10,
  kind: 'bonus',
  title: 'Your bonus for 2025',
  body: 'AED 12.40 is added to your savings.',
  link: null,
  read: true,
});

function setup(handlers: Handlers = {}) {
  const requests = stubApi({
    'GET /api/notifications': () => ({ body: pageBody([approved, reminder, message]) }),
    'POST /api/notifications/12/read': () => ({
      body: { notification: { ...approved, read: true }, unread: 1 },
    }),
    'POST /api/notifications/read-all': () => ({
      body: { message: 'All notifications are marked as read.', unread: 0 },
    }),
    'POST /api/notifications/read': () => ({ body: { unread: 0 } }),
    ...handlers,
  });
  const user = userEvent.setup();
  renderWithProviders(<NotificationsPage />, {
    path: '/user/notifications',
    routes: { '/user/monthly-pay': 'MONTHLY PAY PAGE' },
  });
  return { requests, user };
}

const calls = (requests: StubRequest[], method: string, prefix: string) =>
  requests.filter((r) => r.method === method && r.url.startsWith(prefix));

describe('the notifications page', () => {
  it('lists them newest first with the new ones marked', async () => {
    setup();
    const list = await screen.findByRole('list', { name: 'Your notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual([
      `New: ${approved.title}`,
      `New: ${reminder.title}`,
      message.title,
    ]);
    expect(within(items[0]!).getByText(approved.body)).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: approved.title })).toHaveAttribute(
      'href',
      '/user/monthly-pay',
    );
    expect(await screen.findByText('All read')).toBeInTheDocument();
    // 08:30 UTC is 12:30 PM in Dubai.
    expect(within(items[0]!).getByText('20 November 2026 at 12:30 PM')).toHaveAttribute(
      'datetime',
      approved.created_at,
    );
  });

  it('offers each one to share on WhatsApp in a new tab', async () => {
    setup();
    const list = await screen.findByRole('list', { name: 'Your notifications' });
    const share = within(list).getByRole('link', {
      name: `Share on WhatsApp – ${approved.title} (opens in a new tab)`,
    });
    expect(share).toHaveAttribute('href', approved.whatsapp_url);
    expect(share).toHaveAttribute('target', '_blank');
    expect(share.getAttribute('rel')).toContain('noopener');
    expect(within(list).getAllByRole('link', { name: /^Share on WhatsApp/ })).toHaveLength(3);
  });

  it('marks what it shows as read at once, and keeps them marked new while it is open', async () => {
    let read = false;
    const { requests } = setup({
      'GET /api/notifications': () => ({
        body: pageBody([approved, reminder, message].map((n) => (read ? { ...n, read: true } : n))),
      }),
      'POST /api/notifications/read': () => {
        read = true;
        return { body: { unread: 0 } };
      },
    });
    await waitFor(() => expect(calls(requests, 'POST', '/api/notifications/read')).toHaveLength(1));
    expect(calls(requests, 'POST', '/api/notifications/read')[0]!.body).toEqual({ ids: [12, 11] });
    expect(await screen.findByText('All read')).toBeInTheDocument();
    // Still told apart from the ones read before, until the member leaves the page.
    const list = screen.getByRole('list', { name: 'Your notifications' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual([`New: ${approved.title}`, `New: ${reminder.title}`, message.title]);
    expect(screen.queryByRole('button', { name: /^Mark as read/ })).not.toBeInTheDocument();
    expect(calls(requests, 'POST', '/api/notifications/read')).toHaveLength(1);
    expect(calls(requests, 'POST', '/api/notifications/1')).toEqual([]);
  });

  it('asks nothing when what it shows is read already', async () => {
    const { requests } = setup({
      'GET /api/notifications': () => ({ body: pageBody([{ ...approved, read: true }, message]) }),
    });
    expect(await screen.findByText('All read')).toBeInTheDocument();
    await screen.findByRole('link', { name: approved.title });
    expect(calls(requests, 'POST', '/api/notifications')).toEqual([]);
  });

  it('opening one follows its link', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('link', { name: approved.title }));
    expect(await screen.findByText('MONTHLY PAY PAGE')).toBeInTheDocument();
  });

  it('marks all as read, the older ones it has not shown too', async () => {
    let isRead = false;
    const { user, requests } = setup({
      'GET /api/notifications': () => ({
        body: pageBody(
          [approved, reminder].map((n) => (isRead ? { ...n, read: true } : n)),
          '11',
          isRead ? 0 : 5,
        ),
      }),
      // Three older ones are unread still, further down the list.
      'POST /api/notifications/read': () => ({ body: { unread: 3 } }),
      'POST /api/notifications/read-all': () => {
        isRead = true;
        return { body: { message: 'All notifications are marked as read.', unread: 0 } };
      },
    });
    expect(await screen.findByText('3 unread')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('All read')).toBeInTheDocument();
    expect(await screen.findByText('All notifications are marked as read.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(calls(requests, 'POST', '/api/notifications/read-all')).toHaveLength(1);
  });

  it('shows more with the cursor of the last page', async () => {
    const older = notification({ id: 4, title: 'Your loan is approved', link: '/user/my-loan' });
    const { user, requests } = setup({
      'GET /api/notifications': (req) =>
        req.url.includes('cursor=')
          ? { body: pageBody([older], null, 3) }
          : { body: pageBody([approved, reminder], '11', 3) },
    });
    await screen.findByRole('link', { name: approved.title });
    expect(screen.queryByText(older.title)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('link', { name: older.title })).toBeInTheDocument();
    expect(calls(requests, 'GET', '/api/notifications').map((r) => r.url)).toEqual([
      '/api/notifications?limit=20',
      '/api/notifications?cursor=11&limit=20',
    ]);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    // What the next page shows is read as it shows.
    await waitFor(() => expect(calls(requests, 'POST', '/api/notifications/read')).toHaveLength(2));
    expect(calls(requests, 'POST', '/api/notifications/read').map((r) => r.body)).toEqual([
      { ids: [12, 11] },
      { ids: [4] },
    ]);
  });

  it('says so when there is nothing yet', async () => {
    setup({ 'GET /api/notifications': () => ({ body: pageBody([]) }) });
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('shows a loading state, then an error with a way to try again', async () => {
    let fail = true;
    setup({
      'GET /api/notifications': () =>
        fail
          ? {
              status: 500,
              body: { status_code: 500, message: 'Something went wrong on our side.' },
            }
          : { body: pageBody([approved]) },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong on our side.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: approved.title })).toBeInTheDocument();
  });
});
