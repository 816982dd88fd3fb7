import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminPayment } from '@jamiya/contracts/payments';
import { renderWithProviders, stubApi, type StubRequest } from '../../../testing/render.tsx';
import { AMINA, page } from '../../../testing/admin-fixtures.ts';
import { adminPayment, stubFiles } from '../testing/fixtures.ts';
import { ReviewQueuePage } from './review-queue-page.tsx';

type Handlers = Parameters<typeof stubApi>[0];

const october = adminPayment();
const repayment = adminPayment({
  id: 20,
  kind: 'loan_repayment',
  month: null,
  period: null,
  loan_id: 1,
  amount: 356.67,
  account_number: null,
  receipt_url: null,
  member: AMINA,
  created_at: '2026-11-03T08:00:00.000Z',
});
const rejected = adminPayment({
  id: 9,
  month: 'September 2026',
  period: '2026-09',
  status: 'rejected',
  review_note: 'The receipt is not readable.',
  reviewed_at: '2026-10-02T08:00:00.000Z',
});

/** A queue that changes as the admin decides, like the server's. */
function setup({
  pending = [october, repayment],
  handlers = {},
  fileType = 'image/png',
}: { pending?: AdminPayment[]; handlers?: Handlers; fileType?: string } = {}) {
  let queue = [...pending];
  const decide = (status: 'approved' | 'rejected') => (req: StubRequest) => {
    const id = Number(req.url.split('/')[4]);
    const payment = queue.find((p) => p.id === id)!;
    queue = queue.filter((p) => p.id !== id);
    return {
      body: {
        message: `The payment was ${status}.`,
        payment: { ...payment, status },
      },
    };
  };
  const requests = stubApi({
    'GET /api/admin/payments': (req) => {
      const status = new URL(req.url, 'http://x').searchParams.get('status');
      return { body: page(status === 'pending' ? queue : status === 'rejected' ? [rejected] : []) };
    },
    'POST /api/admin/payments/21/approve': decide('approved'),
    'POST /api/admin/payments/20/approve': decide('approved'),
    'POST /api/admin/payments/21/reject': decide('rejected'),
    ...handlers,
  });
  const files = stubFiles(fileType);
  const user = userEvent.setup();
  renderWithProviders(<ReviewQueuePage />, { path: '/admin/payments' });
  return { requests, files, user };
}

const list = () => screen.findByRole('list', { name: 'Pending submissions' });
const detail = () => screen.getByRole('region', { name: 'Submission' });
const posts = (requests: StubRequest[]) => requests.filter((r) => r.method === 'POST');

describe('the review queue', () => {
  it('lists pending submissions and shows the first beside its receipt', async () => {
    const { files } = setup();
    const items = within(await list()).getAllByRole('button');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Rahul Nair · JM000003');
    expect(items[0]).toHaveTextContent('Dues for October 2026');
    expect(items[0]).toHaveTextContent('AED 200');
    expect(items[0]).toHaveTextContent('Submitted 5 November 2026');
    expect(items[0]).toHaveTextContent('Pending');
    expect(items[0]).toHaveAttribute('aria-current', 'true');
    expect(items[1]).toHaveTextContent('Amina Rahman · JM000002');
    expect(items[1]).toHaveTextContent('Loan repayment · loan #1');
    expect(items[1]).toHaveTextContent('AED 356.67');

    const panel = detail();
    expect(
      await within(panel).findByRole('img', {
        name: 'Receipt of Rahul Nair for Dues for October 2026',
      }),
    ).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(files).toEqual(['/api/files/57479314-0de0-4ddd-95a9-6ecf5f998d7f']);
    expect(within(panel).getByText('AE07 0331 2345 6789 0123 456')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Rahul Nair · JM000003' })).toHaveAttribute(
      'href',
      '/admin/members/3',
    );
  });

  it('approves a corrected amount below the due only after confirming the part payment, then shows the next one', async () => {
    const { requests, user } = setup();
    await list();
    const amount = within(detail()).getByLabelText('Amount the receipt shows (AED)');
    expect(amount).toHaveValue(200);
    await user.clear(amount);
    await user.type(amount, '199.90');
    expect(
      within(detail()).getByText('You are approving AED 199.90 instead of AED 200.'),
    ).toBeInTheDocument();
    await user.click(within(detail()).getByRole('button', { name: 'Approve' }));
    const question = await within(detail()).findByRole('group');
    // Named by its question (the amount's space is a no-break space).
    expect(question).toHaveAccessibleName(/^This leaves AED.0\.10 of October 2026 unpaid\./);
    expect(question).toHaveTextContent(
      'This leaves AED 0.10 of October 2026 unpaid. Approve as a part payment?',
    );
    expect(posts(requests)).toEqual([]);
    const confirm = within(question).getByRole('button', { name: 'Approve as a part payment' });
    expect(confirm).toHaveFocus();
    await user.click(confirm);

    expect(await screen.findByText('The payment was approved.')).toBeInTheDocument();
    expect(posts(requests)).toEqual([
      expect.objectContaining({ url: '/api/admin/payments/21/approve', body: { amount: 199.9 } }),
    ]);
    // The list is asked again; the next submission comes up beside it.
    await waitFor(async () => expect(within(await list()).getAllByRole('button')).toHaveLength(1));
    expect(within(detail()).getByText('Loan repayment · loan #1')).toBeInTheDocument();
    expect(
      within(detail()).getByText(
        'This submission has no receipt: the member paid a loan installment from the app without one.',
      ),
    ).toBeInTheDocument();
  });

  it("shows a month's late fine, which its due asks with it: the due and the fine approve at once", async () => {
    const fined = adminPayment({
      amount: 210,
      dues_month: { due: 200, fine: 10, paid: 0, remaining: 210 },
    });
    const { requests, user } = setup({ pending: [fined] });
    await list();
    const panel = detail();
    expect(within(panel).getByText('Late fine for the month').nextSibling).toHaveTextContent(
      'AED 10',
    );
    expect(
      within(panel).getByText('Left of October 2026 after approving AED 210: AED 0'),
    ).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('The payment was approved.')).toBeInTheDocument();
    expect(posts(requests)).toEqual([
      expect.objectContaining({ url: '/api/admin/payments/21/approve' }),
    ]);
  });

  it("shows the month's due, what is paid and what will remain; cancelling the part payment sends nothing", async () => {
    const partPaid = adminPayment({ dues_month: { due: 200, fine: 0, paid: 50, remaining: 150 } });
    const { requests, user } = setup({ pending: [partPaid] });
    await list();
    const panel = detail();
    expect(within(panel).getByText('Due for the month').nextSibling).toHaveTextContent('AED 200');
    expect(within(panel).getByText('Already paid for the month').nextSibling).toHaveTextContent(
      'AED 50',
    );
    const amount = within(panel).getByLabelText('Amount the receipt shows (AED)');
    await user.clear(amount);
    await user.type(amount, '100');
    expect(
      within(panel).getByText('Left of October 2026 after approving AED 100: AED 50'),
    ).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Approve' }));
    expect(
      within(panel).getByText(
        'This leaves AED 50 of October 2026 unpaid. Approve as a part payment?',
      ),
    ).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(within(panel).queryByRole('group')).not.toBeInTheDocument();
    expect(posts(requests)).toEqual([]);

    // What remains exactly: no question.
    await user.clear(amount);
    await user.type(amount, '150');
    expect(
      within(panel).getByText('Left of October 2026 after approving AED 150: AED 0'),
    ).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('The payment was approved.')).toBeInTheDocument();
    expect(posts(requests)).toEqual([
      expect.objectContaining({ url: '/api/admin/payments/21/approve', body: { amount: 150 } }),
    ]);
  });

  it('marks a submission without a receipt and approves it only with the amount typed', async () => {
    const message = 'This payment came without a receipt: enter the amount actually received.';
    let answered = 0;
    const { requests, user } = setup({
      handlers: {
        // The server's refusal first (as if no amount had come), then its approval.
        'POST /api/admin/payments/20/approve': () =>
          ++answered === 1
            ? {
                status: 422,
                body: {
                  status_code: 422,
                  message,
                  errors: { amount: ['Enter the amount received.'] },
                },
              }
            : { body: { message: 'The payment was approved.', payment: repayment } },
      },
    });
    const items = within(await list()).getAllByRole('button');
    expect(items[0]).not.toHaveTextContent('No receipt');
    expect(items[1]).toHaveTextContent('No receipt');
    await user.click(items[1]!);
    const panel = detail();
    expect(within(panel).getByText('No receipt')).toBeInTheDocument();
    const amount = within(panel).getByLabelText('Amount actually received (AED)');
    expect(amount).toHaveValue(null);
    const approve = within(panel).getByRole('button', { name: 'Approve the amount received' });
    await user.click(approve);
    expect(await within(panel).findByText('Enter an amount in AED.')).toBeInTheDocument();
    expect(posts(requests)).toEqual([]);

    // The amount submitted is sent too: without a receipt the server needs it.
    await user.type(amount, '356.67');
    await user.click(approve);
    expect(await within(panel).findByText(message)).toHaveAttribute('role', 'alert');
    expect(within(panel).getByText('Enter the amount received.')).toBeInTheDocument();
    await user.click(approve);
    expect(await screen.findByText('The payment was approved.')).toBeInTheDocument();
    expect(posts(requests).map((r) => r.body)).toEqual([{ amount: 356.67 }, { amount: 356.67 }]);
  });

  it("shows the server's sentence when an admin decides on their own payment (403)", async () => {
    const message = 'You cannot decide on your own payment; another admin must review it.';
    const refuse = () => ({ status: 403, body: { status_code: 403, message } });
    const { user } = setup({
      handlers: {
        'POST /api/admin/payments/21/approve': refuse,
        'POST /api/admin/payments/21/reject': refuse,
      },
    });
    await list();
    await user.click(within(detail()).getByRole('button', { name: 'Approve' }));
    expect(await within(detail()).findByText(message)).toHaveAttribute('role', 'alert');
    await user.type(within(detail()).getByLabelText('Reason the member reads'), 'Unreadable.');
    await user.click(within(detail()).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(within(detail()).getAllByRole('alert')).toHaveLength(2));
  });

  it('compares one look-alike at a time when a receipt has several', async () => {
    const other = (id: number, month: string, member = AMINA) =>
      adminPayment({
        id,
        month,
        period: '2026-09',
        status: 'approved',
        member,
        receipt_url: `/api/files/0b5a3c1e-1111-4222-8333-94444444444${id}`,
      });
    const mine = adminPayment({
      possible_duplicates: [7, 8].map((id) => ({
        payment_id: id,
        member: { id: AMINA.id, name: AMINA.name },
        month: id === 7 ? 'August 2026' : 'September 2026',
        status: 'approved' as const,
      })),
    });
    const { user, requests } = setup({
      pending: [mine],
      handlers: {
        'GET /api/admin/payments': () => ({ body: page([mine]) }),
        'GET /api/admin/payments/7': () => ({ body: other(7, 'August 2026') }),
        'GET /api/admin/payments/8': () => ({ body: other(8, 'September 2026') }),
      },
    });
    // One line in the queue, however many look-alikes (issue 50, point 11).
    const [item] = within(await list()).getAllByRole('button');
    expect(item).toHaveTextContent(
      'Possible duplicate receipt: also sent by Amina Rahman for August 2026 (Approved) and by 1 other submission',
    );
    expect(item).not.toHaveTextContent('September 2026');
    const panel = detail();
    expect(
      await within(panel).findByRole('img', { name: 'Receipt of Amina Rahman for August 2026' }),
    ).toBeInTheDocument();
    await user.click(within(panel).getByText('Show the other submission'));
    expect(panel.querySelectorAll('figure')).toHaveLength(2);
    expect(requests.map((r) => r.url)).not.toContain('/api/admin/payments/8');
    const [first, second] = within(panel).getAllByRole('button', { name: 'Compare' });
    expect(first).toHaveAttribute('aria-pressed', 'true');
    await user.click(second!);
    expect(
      await within(panel).findByRole('img', { name: 'Receipt of Amina Rahman for September 2026' }),
    ).toBeInTheDocument();
    expect(second).toHaveAttribute('aria-pressed', 'true');
    expect(panel.querySelectorAll('figure')).toHaveLength(2);
  });

  it('warns of a possible duplicate receipt and shows both receipts side by side', async () => {
    const theirs = adminPayment({
      id: 7,
      month: 'September 2026',
      period: '2026-09',
      status: 'approved',
      member: AMINA,
      receipt_url: '/api/files/0b5a3c1e-1111-4222-8333-944444444444',
    });
    const mine = adminPayment({
      possible_duplicates: [
        {
          payment_id: 7,
          member: { id: AMINA.id, name: AMINA.name },
          month: 'September 2026',
          status: 'approved',
        },
      ],
    });
    const { requests, files } = setup({
      pending: [mine],
      handlers: {
        'GET /api/admin/payments': () => ({ body: page([mine]) }),
        'GET /api/admin/payments/7': () => ({ body: theirs }),
      },
    });
    const warning =
      'Possible duplicate receipt: also sent by Amina Rahman for September 2026 (Approved)';
    const [item] = within(await list()).getAllByRole('button');
    expect(item).toHaveTextContent(warning);
    const panel = detail();
    expect(
      within(panel).getByRole('note', { name: 'Possible duplicate receipt' }),
    ).toHaveTextContent(warning);
    expect(
      await within(panel).findByRole('img', {
        name: 'Receipt of Rahul Nair for Dues for October 2026',
      }),
    ).toBeInTheDocument();
    expect(
      await within(panel).findByRole('img', {
        name: 'Receipt of Amina Rahman for September 2026',
      }),
    ).toBeInTheDocument();
    expect(within(panel).getByText('This receipt')).toBeInTheDocument();
    expect(
      within(panel).getByText('Sent by Amina Rahman for September 2026 (Approved)'),
    ).toBeInTheDocument();
    expect(requests.map((r) => r.url)).toContain('/api/admin/payments/7');
    expect(files).toEqual(
      expect.arrayContaining([
        '/api/files/57479314-0de0-4ddd-95a9-6ecf5f998d7f',
        '/api/files/0b5a3c1e-1111-4222-8333-944444444444',
      ]),
    );
    // Two columns from sm; one on a phone.
    const figures = panel.querySelectorAll('figure');
    expect(figures).toHaveLength(2);
    expect(figures[0]!.parentElement).toHaveClass('grid-cols-1', 'sm:grid-cols-2');
  });

  it('approves the amount submitted without sending an amount', async () => {
    const { requests, user } = setup();
    await list();
    await user.click(within(detail()).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('The payment was approved.')).toBeInTheDocument();
    expect(posts(requests)[0]).toMatchObject({
      url: '/api/admin/payments/21/approve',
      body: {},
    });
  });

  it('refuses an empty or malformed corrected amount before sending', async () => {
    const { requests, user } = setup();
    await list();
    const amount = within(detail()).getByLabelText('Amount the receipt shows (AED)');
    await user.clear(amount);
    await user.click(within(detail()).getByRole('button', { name: 'Approve' }));
    expect(await within(detail()).findByText('Enter an amount in AED.')).toBeInTheDocument();
    await user.type(amount, '199.999');
    await user.click(within(detail()).getByRole('button', { name: 'Approve' }));
    expect(
      await within(detail()).findByText(
        'Enter an amount in AED with at most two decimals, like 200 or 200.50.',
      ),
    ).toBeInTheDocument();
    expect(posts(requests)).toEqual([]);
  });

  it('rejects only with a reason, which it sends', async () => {
    const { requests, user } = setup();
    await list();
    const reject = within(detail()).getByRole('button', { name: 'Reject' });
    await user.click(reject);
    expect(await within(detail()).findByText('Reason is required.')).toBeInTheDocument();
    expect(within(detail()).getByLabelText('Reason the member reads')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(posts(requests)).toEqual([]);

    await user.type(
      within(detail()).getByLabelText('Reason the member reads'),
      'The amount on the receipt is 150 AED.',
    );
    await user.click(reject);
    expect(await screen.findByText('The payment was rejected.')).toBeInTheDocument();
    expect(posts(requests)).toEqual([
      expect.objectContaining({
        url: '/api/admin/payments/21/reject',
        body: { reason: 'The amount on the receipt is 150 AED.' },
      }),
    ]);
  });

  it("shows the server's sentence when someone else decided first, and asks again", async () => {
    const message = 'This payment was already reviewed.';
    const { requests, user } = setup({
      handlers: {
        'POST /api/admin/payments/21/approve': () => ({
          status: 409,
          body: { status_code: 409, message },
        }),
      },
    });
    await list();
    const gets = () => requests.filter((r) => r.url.startsWith('/api/admin/payments?')).length;
    expect(gets()).toBe(1);
    await user.click(within(detail()).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(gets()).toBe(2));
  });

  it('shows decided submissions under their tab, with the reason and no decision', async () => {
    const { requests, user } = setup();
    await list();
    const tabs = screen.getByRole('tablist', { name: 'Submissions by status' });
    expect(within(tabs).getByRole('tab', { name: 'Pending' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(within(tabs).getByRole('tab', { name: 'Rejected' }));
    const rejectedList = await screen.findByRole('list', { name: 'Rejected submissions' });
    expect(within(rejectedList).getAllByRole('button')).toHaveLength(1);
    expect(requests.at(-1)?.url).toBe('/api/admin/payments?status=rejected&limit=20');
    expect(within(detail()).getByText('The receipt is not readable.')).toBeInTheDocument();
    expect(within(detail()).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();

    // Arrow keys move between the tabs.
    await user.keyboard('{ArrowLeft}');
    expect(within(tabs).getByRole('tab', { name: 'Approved' })).toHaveFocus();
    expect(await screen.findByText('No approved submissions yet.')).toBeInTheDocument();
  });

  it('loads more with the next cursor', async () => {
    const older = adminPayment({ id: 5, month: 'August 2026', period: '2026-08' });
    const { requests, user } = setup({
      handlers: {
        'GET /api/admin/payments': (req) =>
          new URL(req.url, 'http://x').searchParams.get('cursor') === '20'
            ? { body: page([older]) }
            : { body: page([october, repayment], '20') },
      },
    });
    await list();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(async () => expect(within(await list()).getAllByRole('button')).toHaveLength(3));
    expect(requests.at(-1)?.url).toBe('/api/admin/payments?status=pending&limit=20&cursor=20');
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  // Shown from a blob: URL, a member's PDF would run in the app's origin (decision 023).
  it('offers a PDF receipt only as a download, never in a frame or a tab', async () => {
    setup({ fileType: 'application/pdf' });
    await list();
    const download = await within(detail()).findByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('download', '57479314-0de0-4ddd-95a9-6ecf5f998d7f.pdf');
    expect(download).toHaveAttribute('href', expect.stringMatching(/^blob:/));
    expect(download).not.toHaveAttribute('target');
    expect(detail().querySelector('iframe')).toBeNull();
    expect(within(detail()).queryByRole('link', { name: 'Open the PDF' })).not.toBeInTheDocument();
  });

  it('says when nothing waits, and shows an error with a retry', async () => {
    let calls = 0;
    const { user } = setup({
      handlers: {
        'GET /api/admin/payments': () =>
          ++calls === 1
            ? { status: 500, body: { status_code: 500, message: 'Something failed on our side.' } }
            : { body: page([]) },
      },
    });
    expect(await screen.findByText('Something failed on our side.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No receipts are waiting for review.')).toBeInTheDocument();
  });
});
