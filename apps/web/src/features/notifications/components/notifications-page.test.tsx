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
  it('lists them newest first with the unread ones marked', async () => {
    setup();
    const list = await screen.findByRole('list', { name: 'Your notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual([
      `Unread: ${approved.title}`,
      `Unread: ${reminder.title}`,
      message.title,
    ]);
    expect(within(items[0]!).getByText(approved.body)).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: approved.title })).toHaveAttribute(
      'href',
      '/user/monthly-pay',
    );
    expect(screen.getByText('2 unread')).toBeInTheDocument();
    // 08:30 UTC is 12:30 PM in Dubai.
    expect(within(items[0]!).getByText('20 Nov 2026, 12:30 PM')).toHaveAttribute(
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

  it('marks one read when it is opened, then follows its link', async () => {
    const { user, requests } = setup();
    await user.click(await screen.findByRole('link', { name: approved.title }));
    expect(await screen.findByText('MONTHLY PAY PAGE')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls(requests, 'POST', '/api/notifications/12/read')).toHaveLength(1),
    );
  });

  it('opening one already read asks nothing more', async () => {
    const { user, requests } = setup({
      'GET /api/notifications': () => ({ body: pageBody([{ ...approved, read: true }]) }),
    });
    await user.click(await screen.findByRole('link', { name: approved.title }));
    expect(await screen.findByText('MONTHLY PAY PAGE')).toBeInTheDocument();
    expect(calls(requests, 'POST', '/api/notifications')).toEqual([]);
  });

  it('marks one without a link read with its button', async () => {
    const unreadBonus = { ...message, id: 9, read: false };
    let isRead = false;
    const { user, requests } = setup({
      'GET /api/notifications': () => ({
        body: pageBody([{ ...unreadBonus, read: isRead }]),
      }),
      'POST /api/notifications/9/read': () => {
        isRead = true;
        return { body: { notification: { ...unreadBonus, read: true }, unread: 0 } };
      },
    });
    await user.click(
      await screen.findByRole('button', { name: `Mark as read – ${unreadBonus.title}` }),
    );
    expect(await screen.findByText('All read')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Mark as read/ })).not.toBeInTheDocument();
    expect(calls(requests, 'POST', '/api/notifications/9/read')).toHaveLength(1);
  });

  it('marks all as read', async () => {
    let isRead = false;
    const { user, requests } = setup({
      'GET /api/notifications': () => ({
        body: pageBody(
          [approved, reminder, message].map((n) => (isRead ? { ...n, read: true } : n)),
        ),
      }),
      'POST /api/notifications/read-all': () => {
        isRead = true;
        return { body: { message: 'All notifications are marked as read.', unread: 0 } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('All read')).toBeInTheDocument();
    expect(await screen.findByText('All notifications are marked as read.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(screen.queryByText(/^Unread/)).not.toBeInTheDocument();
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
