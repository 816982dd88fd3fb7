import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi, type StubRequest } from '../../../testing/render.tsx';
import { chatMessage } from '../../../testing/message-fixtures.ts';
import { anil, threadBody } from '../testing/fixtures.ts';
import { ConversationPage } from './conversation-page.tsx';

type Handlers = Parameters<typeof stubApi>[0];

const question = chatMessage({ id: 1, body: 'When is the next meeting?' });
const earlier = chatMessage({
  id: 0,
  from_committee: true,
  author_name: 'Omar Treasurer',
  body: 'Welcome to Jamiya.',
  read: true,
});

function setup(handlers: Handlers = {}, at = `/admin/messages/${anil.id}`) {
  const requests = stubApi({
    [`GET /api/admin/messages/${anil.id}`]: (req) =>
      req.url.includes('after=')
        ? { body: threadBody([]) }
        : { body: threadBody([earlier, question]) },
    [`POST /api/admin/messages/${anil.id}/read`]: () => ({ body: { marked: 1 } }),
    ...handlers,
  });
  const view = renderWithProviders(<ConversationPage />, { path: '/admin/messages/:memberId', at });
  return { requests, user: userEvent.setup(), ...view };
}

const posts = (requests: StubRequest[], url: string) =>
  requests.filter((r) => r.method === 'POST' && r.url === url);

afterEach(() => {
  vi.useRealTimers();
});

describe('one conversation, for the committee', () => {
  it("shows who it is, the thread with the committee's side at the end, and marks it read", async () => {
    const { requests } = setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Messages with Anil Kumar' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Member ID JM000041/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the member' })).toHaveAttribute(
      'href',
      `/admin/members/${anil.id}`,
    );
    const items = within(
      screen.getByRole('log', { name: 'Conversation with the member' }),
    ).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Omar Treasurer, committee');
    expect(items[0]).toHaveClass('self-end');
    expect(items[1]).toHaveTextContent('Anil Kumar');
    expect(items[1]).toHaveClass('self-start');
    await waitFor(() =>
      expect(posts(requests, `/api/admin/messages/${anil.id}/read`)).toHaveLength(1),
    );
  });

  it('answers the member and shows the answer', async () => {
    const sent = chatMessage({
      id: 2,
      from_committee: true,
      author_name: 'Fatima',
      body: 'Friday.',
    });
    const { requests, user } = setup({
      [`POST /api/admin/messages/${anil.id}`]: () => ({
        status: 201,
        body: { message: 'Your answer was sent to Anil Kumar.', item: sent },
      }),
    });
    await user.type(await screen.findByLabelText('Your answer'), 'Friday.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Fatima, committee')).toBeInTheDocument();
    const form = posts(requests, `/api/admin/messages/${anil.id}`)[0]?.body as FormData;
    expect(form.get('body')).toBe('Friday.');
  });

  it('polls for what the member writes next', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const next = chatMessage({ id: 3, body: 'Thank you!' });
    const { requests } = setup({
      [`GET /api/admin/messages/${anil.id}`]: (req) =>
        req.url.includes('after=')
          ? { body: threadBody([next]) }
          : { body: threadBody([earlier, question]) },
    });
    await screen.findByText('When is the next meeting?');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByText('Thank you!')).toBeInTheDocument();
    expect(requests.find((r) => r.url.includes('after='))?.url).toBe(
      `/api/admin/messages/${anil.id}?after=1&limit=100`,
    );
  });

  it('says so for a member that does not exist', async () => {
    setup(
      {
        'GET /api/admin/messages/999': () => ({
          status: 404,
          body: { status_code: 404, message: 'There is no such member.' },
        }),
      },
      '/admin/messages/999',
    );
    expect(await screen.findByText('There is no such member.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All conversations' })).toHaveAttribute(
      'href',
      '/admin/messages',
    );
  });
});
