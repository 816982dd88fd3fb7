import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BookMonth, BookMonths } from '@jamiya/contracts/year';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { MonthsPanel } from './months-panel.tsx';

type Handlers = Parameters<typeof stubApi>[0];

const treasurer = { id: 2, unique_id: 'ADM-1', name: 'Treasurer Fatima' };
const month = (m: string, over: Partial<BookMonth> = {}): BookMonth => ({
  month: m,
  state: 'open',
  locked_at: null,
  locked_by: null,
  proposed_by: null,
  open_items: null,
  lockable: false,
  ...over,
});
const openItems = {
  bank_lines_open: 2,
  entries_not_in_bank: 1,
  receipts_waiting: 3,
  bank_statement_reaches_end: true,
  bank_difference: 26.25,
  bank_verdict: 'They differ.',
};
const months = (items: BookMonth[], firstOpen: string): BookMonths => ({
  items,
  first_open: firstOpen,
});

function setup(body: BookMonths | null, handlers: Handlers = {}) {
  const requests = stubApi({
    'GET /api/admin/periods': () =>
      body ? { body } : { status: 500, body: { status_code: 500, message: 'Down' } },
    ...handlers,
  });
  renderWithProviders(<MonthsPanel />, { path: '/admin' });
  return { requests, user: userEvent.setup() };
}

const panel = () => screen.findByRole('region', { name: 'Months of the books' });

describe("the overview's months", () => {
  it('names what the next month to lock still waits for, each linked to where it is put right', async () => {
    setup(
      months(
        [
          month('2026-11', { state: 'current' }),
          month('2026-10', { open_items: openItems }),
          month('2026-09', {
            state: 'locked',
            locked_at: '2026-10-03T09:00:00Z',
            locked_by: treasurer,
          }),
        ],
        '2026-10',
      ),
    );
    const region = await panel();
    expect(
      await within(region).findByRole('heading', { name: 'Next to lock: October 2026' }),
    ).toBeVisible();
    const link = (name: string | RegExp) => within(region).getByRole('link', { name });
    expect(link('2 bank lines are not in the books')).toHaveAttribute('href', '/admin/bank');
    expect(link('1 movement of cash is not in the bank')).toHaveAttribute('href', '/admin/bank');
    expect(link(/^The books and the bank differ by AED\s26\.25$/)).toHaveAttribute(
      'href',
      '/admin/bank',
    );
    expect(link('3 receipts wait for review')).toHaveAttribute('href', '/admin/payments');
    expect(within(region).getByRole('button', { name: 'Lock October 2026' })).toBeDisabled();
    expect(within(region).getByText('1 month locked')).toBeVisible();
    expect(region).toHaveTextContent(
      'September 2026 · locked by Treasurer Fatima on 3 October 2026',
    );
  });

  it('locks a month whose books and bank agree, after asking, with a key for a retry', async () => {
    let locked = false;
    const { requests, user } = setup(months([month('2026-10', { lockable: true })], '2026-10'), {
      'POST /api/admin/periods/2026-10/lock': () => {
        locked = true;
        return {
          body: {
            message: 'The month was locked.',
            month: month('2026-10', { state: 'locked', locked_by: treasurer }),
          },
        };
      },
    });
    const region = await panel();
    expect(
      await within(region).findByText(
        'The books and the bank agree at its end, and no receipt waits.',
      ),
    ).toBeVisible();
    await user.click(within(region).getByRole('button', { name: 'Lock October 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lock October 2026?' });
    expect(dialog).toHaveTextContent('A lock cannot be undone.');
    expect(locked).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Lock October 2026' }));
    expect(await screen.findByText('The month was locked.')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.url).toBe('/api/admin/periods/2026-10/lock');
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    // The months are asked again: the lock changed them.
    await waitFor(() =>
      expect(requests.filter((r) => r.url === '/api/admin/periods')).toHaveLength(2),
    );
  });

  it('says when every ended month is locked', async () => {
    setup(months([month('2026-11', { state: 'current' })], '2026-11'));
    expect(
      await within(await panel()).findByText(
        'Every month up to the last is locked; November 2026 can be locked once it ends.',
      ),
    ).toBeVisible();
  });

  it('shows an empty state for books with nothing in them', async () => {
    setup(months([], '2026-11'));
    expect(await within(await panel()).findByText('Nothing is in the books yet.')).toBeVisible();
  });

  it('offers to try again when the months cannot be read', async () => {
    setup(null);
    const region = await panel();
    expect(await within(region).findByRole('button', { name: /try again/i })).toBeVisible();
  });
});
