import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminPayment } from '@jamiya/contracts/payments';
import { renderWithProviders, stubApi, type StubRequest } from '../../../testing/render.tsx';
import { AMINA, page } from '../../../testing/admin-fixtures.ts';
import { adminPayment, bankStatement, stubFiles, unseenAnswer } from '../testing/fixtures.ts';
import { ReviewQueuePage } from './review-queue-page.tsx';

type Handlers = Parameters<typeof stubApi>[0];

// Rahul's receipt of October is not in the bank's statement of October; Amina's is.
const rahul = adminPayment();
const amina = adminPayment({
  id: 22,
  member: AMINA,
  receipt_url: '/api/files/0b5a3c1e-1111-4222-8333-944444444444',
});
const WARNING = 'Not found in the bank statement of Emirates NBD, 1 October 2026 – 31 October 2026';
const QUESTION =
  'The bank statement of Emirates NBD, 1 October 2026 – 31 October 2026, shows no transfer for this receipt. Approve it anyway?';

/** The queue with its statement; an approval takes the receipt out of both, like the server. */
function setup({
  pending = [rahul, amina],
  unseen = [rahul.id],
  handlers = {},
}: { pending?: AdminPayment[]; unseen?: number[]; handlers?: Handlers } = {}) {
  let queue = [...pending];
  let notSeen = [...unseen];
  const approve = (req: StubRequest) => {
    const id = Number(req.url.split('/')[4]);
    const payment = queue.find((p) => p.id === id)!;
    queue = queue.filter((p) => p.id !== id);
    notSeen = notSeen.filter((p) => p !== id);
    return {
      body: { message: 'The payment was approved.', payment: { ...payment, status: 'approved' } },
    };
  };
  const requests = stubApi({
    'GET /api/admin/payments': () => ({ body: page(queue) }),
    'GET /api/admin/bank-statements/unseen': () => ({ body: unseenAnswer(notSeen) }),
    'POST /api/admin/payments/21/approve': approve,
    'POST /api/admin/payments/22/approve': approve,
    ...handlers,
  });
  stubFiles();
  const user = userEvent.setup();
  renderWithProviders(<ReviewQueuePage />, { path: '/admin/payments' });
  return { requests, user };
}

const list = () => screen.findByRole('list', { name: 'Pending submissions' });
const detail = () => screen.getByRole('region', { name: 'Submission' });
const posts = (requests: StubRequest[]) => requests.filter((r) => r.method === 'POST');
const unseenCalls = (requests: StubRequest[]) =>
  requests.filter((r) => r.url === '/api/admin/bank-statements/unseen').length;

describe('a receipt the bank statement does not show', () => {
  it('is flagged in the list and in its review; the others are not', async () => {
    const { user } = setup();
    const [first, second] = within(await list()).getAllByRole('button');
    await waitFor(() => expect(first).toHaveTextContent(WARNING));
    expect(second).not.toHaveTextContent('Not found in the bank statement');
    expect(
      within(detail()).getByRole('note', { name: 'Not in the bank statement' }),
    ).toHaveTextContent(WARNING);

    await user.click(second!);
    await waitFor(() =>
      expect(within(detail()).getByText('Amina Rahman · JM000002')).toBeInTheDocument(),
    );
    expect(
      within(detail()).queryByRole('note', { name: 'Not in the bank statement' }),
    ).not.toBeInTheDocument();
  });

  it('is named by its days when the statement has no bank name', async () => {
    setup({
      handlers: {
        'GET /api/admin/bank-statements/unseen': () => ({
          body: unseenAnswer([rahul.id], bankStatement({ bank: null })),
        }),
      },
    });
    const [first] = within(await list()).getAllByRole('button');
    await waitFor(() =>
      expect(first).toHaveTextContent(
        'Not found in the bank statement for 1 October 2026 – 31 October 2026',
      ),
    );
  });

  it('is approved only once the treasurer says so, asked once', async () => {
    const { requests, user } = setup();
    await list();
    await within(detail()).findByRole('note', { name: 'Not in the bank statement' });
    await user.click(within(detail()).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not in the bank statement' });
    expect(dialog).toHaveTextContent(QUESTION);
    expect(posts(requests)).toEqual([]);
    const before = unseenCalls(requests);

    await user.click(within(dialog).getByRole('button', { name: 'Approve anyway' }));
    expect(await screen.findByText('The payment was approved.')).toBeInTheDocument();
    expect(posts(requests)).toEqual([
      expect.objectContaining({ url: '/api/admin/payments/21/approve', body: {} }),
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The decision asks the bank's list again, with the queue.
    await waitFor(() => expect(unseenCalls(requests)).toBeGreaterThan(before));
    await waitFor(async () => expect(within(await list()).getAllByRole('button')).toHaveLength(1));
  });

  it('is not approved when the treasurer cancels', async () => {
    const { requests, user } = setup();
    await list();
    await within(detail()).findByRole('note', { name: 'Not in the bank statement' });
    await user.click(within(detail()).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not in the bank statement' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(requests)).toEqual([]);
    // Focus goes back to Approve.
    await waitFor(() =>
      expect(within(detail()).getByRole('button', { name: 'Approve' })).toHaveFocus(),
    );
  });

  it('is asked about after the part payment, still once', async () => {
    const partPaid = adminPayment({ dues_month: { due: 200, fine: 0, paid: 50, remaining: 150 } });
    const { requests, user } = setup({ pending: [partPaid] });
    await list();
    const panel = detail();
    await within(panel).findByRole('note', { name: 'Not in the bank statement' });
    const amount = within(panel).getByLabelText('Amount the receipt shows (AED)');
    await user.clear(amount);
    await user.type(amount, '100');
    await user.click(within(panel).getByRole('button', { name: 'Approve' }));
    await user.click(within(panel).getByRole('button', { name: 'Approve as a part payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not in the bank statement' });
    expect(posts(requests)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Approve anyway' }));
    expect(await screen.findByText('The payment was approved.')).toBeInTheDocument();
    expect(posts(requests)).toEqual([
      expect.objectContaining({ url: '/api/admin/payments/21/approve', body: { amount: 100 } }),
    ]);
  });

  it('leaves a receipt the bank shows to be approved without a question', async () => {
    const { requests, user } = setup();
    const [, second] = within(await list()).getAllByRole('button');
    await waitFor(() => expect(within(detail()).getByRole('note')).toBeInTheDocument());
    await user.click(second!);
    await waitFor(() =>
      expect(within(detail()).getByText('Amina Rahman · JM000002')).toBeInTheDocument(),
    );
    await user.click(within(detail()).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('The payment was approved.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(requests)).toEqual([
      expect.objectContaining({ url: '/api/admin/payments/22/approve', body: {} }),
    ]);
  });

  it('leaves the queue as it was when the bank cannot be asked', async () => {
    const { requests, user } = setup({
      handlers: {
        'GET /api/admin/bank-statements/unseen': () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    const items = within(await list()).getAllByRole('button');
    await waitFor(() => expect(unseenCalls(requests)).toBe(1));
    expect(items).toHaveLength(2);
    expect(items[0]).not.toHaveTextContent('Not found in the bank statement');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(detail()).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('The payment was approved.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(requests)).toEqual([
      expect.objectContaining({ url: '/api/admin/payments/21/approve', body: {} }),
    ]);
  });
});
