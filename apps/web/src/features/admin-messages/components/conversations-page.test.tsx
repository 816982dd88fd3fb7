import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { chatMessage } from '../../../testing/message-fixtures.ts';
import { anil, conversation } from '../testing/fixtures.ts';
import { ConversationsPage } from './conversations-page.tsx';

type Handlers = Parameters<typeof stubApi>[0];

const priya = { id: 42, unique_id: 'JM000042', name: 'Priya Menon' };

function setup(handlers: Handlers) {
  const requests = stubApi(handlers);
  const view = renderWithProviders(<ConversationsPage />, {
    path: '/admin/messages',
    routes: { '/admin/messages/:memberId': 'THREAD PAGE' },
  });
  return { requests, user: userEvent.setup(), ...view };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the conversations list', () => {
  it('lists conversations with unread badges and opens one', async () => {
    const { user } = setup({
      'GET /api/admin/messages': () => ({
        body: {
          items: [
            conversation(),
            conversation({
              member: priya,
              unread_count: 0,
              last_message: chatMessage({
                id: 5,
                from_committee: true,
                author_name: 'Fatima',
                body: 'Yes, you can.',
                read: true,
              }),
            }),
          ],
          next_cursor: null,
        },
      }),
    });
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const [first, second] = within(list).getAllByRole('link');
    expect(first).toHaveTextContent('Anil Kumar · JM000041');
    expect(first).toHaveTextContent('2 unread');
    expect(first).toHaveTextContent('When is the next meeting?');
    expect(first).toHaveAttribute('href', `/admin/messages/${anil.id}`);
    expect(second).toHaveTextContent('All read');
    expect(second).toHaveTextContent('Committee: Yes, you can.');
    await user.click(first!);
    expect(await screen.findByText('THREAD PAGE')).toBeInTheDocument();
  });

  it('says when nobody has written yet', async () => {
    setup({ 'GET /api/admin/messages': () => ({ body: { items: [], next_cursor: null } }) });
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
  });

  it('asks again every 30 s, so a new question shows up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    setup({
      'GET /api/admin/messages': () => {
        calls += 1;
        return {
          body: { items: calls > 1 ? [conversation({ unread_count: 3 })] : [], next_cursor: null },
        };
      },
    });
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(calls).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(await screen.findByText('3 unread')).toBeInTheDocument();
  });
});
