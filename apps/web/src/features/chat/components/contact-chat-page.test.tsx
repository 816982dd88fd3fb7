import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@jamiya/contracts/messages';
import { setToken } from '../../../lib/session-store.ts';
import { renderWithProviders, stubApi, type StubRequest } from '../../../testing/render.tsx';
import { chatMessage, messagePage } from '../../../testing/message-fixtures.ts';
import { ContactChatPage } from './contact-chat-page.tsx';

type Handlers = Parameters<typeof stubApi>[0];

const question = chatMessage({ id: 1, body: 'When is the next meeting?', read: true });
const answer = chatMessage({
  id: 2,
  from_committee: true,
  author_name: 'Fatima Rahman',
  body: 'Friday at 8 pm.',
  created_at: '2026-09-01T09:00:00.000Z',
});

function setup({
  thread = [question, answer],
  handlers = {},
}: { thread?: Message[]; handlers?: Handlers } = {}) {
  const requests = stubApi({
    'GET /api/messages': (req) =>
      req.url.includes('after=') ? { body: messagePage([]) } : { body: messagePage(thread) },
    'POST /api/messages/read': () => ({ body: { marked: 1 } }),
    ...handlers,
  });
  const user = userEvent.setup();
  const view = renderWithProviders(<ContactChatPage />, { path: '/user/contact-chat' });
  return { requests, user, ...view };
}

const posts = (requests: StubRequest[], url: string) =>
  requests.filter((r) => r.method === 'POST' && r.url === url);
const bubbles = () =>
  within(screen.getByRole('log', { name: 'Your conversation with the committee' })).getAllByRole(
    'listitem',
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('the Contact/Chat page', () => {
  it("shows the thread oldest first, the committee's answers named, and marks them read", async () => {
    const { requests } = setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Contact the committee' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Friday at 8 pm.')).toBeInTheDocument();
    const [first, second] = bubbles();
    expect(first).toHaveTextContent('You');
    expect(first).toHaveTextContent('When is the next meeting?');
    expect(first).toHaveTextContent('Seen');
    expect(first).toHaveClass('self-end');
    expect(second).toHaveTextContent('Fatima Rahman, committee');
    expect(second).toHaveClass('self-start');
    await waitFor(() => expect(posts(requests, '/api/messages/read')).toHaveLength(1));
  });

  it('does not mark anything read when every answer was read already', async () => {
    const { requests } = setup({ thread: [question, { ...answer, read: true }] });
    await screen.findByText('Friday at 8 pm.');
    await new Promise((r) => setTimeout(r, 50));
    expect(posts(requests, '/api/messages/read')).toHaveLength(0);
  });

  it('shows a photo as a thumbnail fetched with the token, and a PDF as a link', async () => {
    setToken('member-token');
    const photo = '/api/files/11111111-1111-4111-8111-111111111111';
    const pdf = '/api/files/22222222-2222-4222-8222-222222222222';
    const { requests } = setup({
      thread: [
        chatMessage({ id: 1, body: 'My receipt', attachment: { url: photo, mime: 'image/jpeg' } }),
        chatMessage({
          id: 2,
          from_committee: true,
          read: true,
          body: 'The rules',
          attachment: { url: pdf, mime: 'application/pdf' },
        }),
      ],
      handlers: { 'GET /api/files/11111111-1111-4111-8111-111111111111': () => ({ body: {} }) },
    });
    expect(
      await screen.findByRole('img', { name: 'Attached photo (opens full size)' }),
    ).toBeInTheDocument();
    const fileRequest = requests.find((r) => r.url === photo);
    expect(fileRequest?.headers.get('authorization')).toBe('Bearer member-token');
    // The PDF is fetched only when it is asked for.
    expect(screen.getByRole('link', { name: 'Download the PDF' })).toBeInTheDocument();
    expect(requests.some((r) => r.url === pdf)).toBe(false);
  });

  it('offers to write the first message when there is none, and sends it', async () => {
    const sent = chatMessage({ id: 7, body: 'Can I pay two months at once?' });
    const { requests, user } = setup({
      thread: [],
      handlers: {
        'POST /api/messages': () => ({
          status: 201,
          body: { message: 'Your message was sent to the committee.', item: sent },
        }),
      },
    });
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    const box = screen.getByLabelText('Your message');
    await user.type(box, 'Can I pay two months at once?');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(
      await screen.findByText('Can I pay two months at once?', { selector: 'p' }),
    ).toBeInTheDocument();
    const [post] = posts(requests, '/api/messages');
    expect((post?.body as FormData).get('body')).toBe('Can I pay two months at once?');
    expect((post?.body as FormData).get('attachment')).toBeNull();
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('sends with Ctrl+Enter and an attachment', async () => {
    const sent = chatMessage({ id: 3, body: 'Here it is' });
    const { requests, user } = setup({
      handlers: {
        'POST /api/messages': () => ({ status: 201, body: { message: 'Sent.', item: sent } }),
      },
    });
    const box = await screen.findByLabelText('Your message');
    fireEvent.change(screen.getByLabelText('Attach a photo or PDF (optional)'), {
      target: {
        files: [new File([new Uint8Array(100)], 'receipt.pdf', { type: 'application/pdf' })],
      },
    });
    expect(await screen.findByText('Attached: receipt.pdf')).toBeInTheDocument();
    await user.type(box, 'Here it is');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(posts(requests, '/api/messages')).toHaveLength(1));
    const form = posts(requests, '/api/messages')[0]?.body as FormData;
    expect((form.get('attachment') as File).name).toBe('receipt.pdf');
  });

  it('refuses an empty message and a file of another type before sending', async () => {
    const { requests, user } = setup();
    await screen.findByText('Friday at 8 pm.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Your message')).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(screen.getByLabelText('Attach a photo or PDF (optional)'), {
      target: { files: [new File(['<html>'], 'page.html', { type: 'text/html' })] },
    });
    await user.type(screen.getByLabelText('Your message'), 'Look');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(
        'This file type is not accepted. Please send a JPEG, PNG, WebP or HEIC photo, or a PDF.',
      ),
    ).toBeInTheDocument();
    expect(posts(requests, '/api/messages')).toHaveLength(0);
  });

  it("puts the server's refusal beside the field", async () => {
    const { user } = setup({
      handlers: {
        'POST /api/messages': () => ({
          status: 415,
          body: {
            status_code: 415,
            message:
              'This file type is not accepted. Please send a JPEG, PNG, WebP or HEIC photo, or a PDF.',
          },
        }),
      },
    });
    await user.type(await screen.findByLabelText('Your message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file type is not accepted');
    expect(screen.getByLabelText('Your message')).toHaveValue('Hello');
  });

  it('asks every 10 s for messages after the newest one and shows what came', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const later = chatMessage({
      id: 3,
      from_committee: true,
      author_name: 'Fatima Rahman',
      body: 'Bring your ID.',
    });
    let polls = 0;
    const { requests } = setup({
      handlers: {
        'GET /api/messages': (req) => {
          if (!req.url.includes('after=')) return { body: messagePage([question, answer]) };
          polls += 1;
          return { body: { items: polls >= 2 ? [later] : [], next_cursor: null } };
        },
      },
    });
    await screen.findByText('Friday at 8 pm.');
    const pollsMade = () => requests.filter((r) => r.url.includes('after='));
    expect(pollsMade()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(pollsMade()).toHaveLength(1);
    expect(pollsMade()[0]?.url).toBe('/api/messages?after=2&limit=100');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByText('Bring your ID.')).toBeInTheDocument();
    expect(pollsMade()[1]?.url).toBe('/api/messages?after=2&limit=100');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(pollsMade()[2]?.url).toBe('/api/messages?after=3&limit=100');
    expect(bubbles()).toHaveLength(3);
  });

  it('shows an error with a way to try again', async () => {
    let fail = true;
    const { user } = setup({
      handlers: {
        'GET /api/messages': () =>
          fail
            ? {
                status: 500,
                body: { status_code: 500, message: 'Something went wrong on our side.' },
              }
            : { body: messagePage([question]) },
      },
    });
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('When is the next meeting?')).toBeInTheDocument();
  });
});
