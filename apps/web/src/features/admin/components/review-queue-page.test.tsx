import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminPayment } from '@jamiya/contracts/admin';
import { renderWithProviders, stubApi, type StubRequest } from '../../../testing/render.tsx';
import { AMINA, adminPayment, page, stubFiles } from '../testing/fixtures.ts';
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
    expect(items[0]).toHaveTextContent('Submitted Nov 5, 2026');
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

  it('approves with a corrected amount, sending exactly those fils, then shows the next one', async () => {
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

  it('shows a PDF receipt in a frame, with links to open or download it', async () => {
    setup({ fileType: 'application/pdf' });
    await list();
    await within(detail()).findByRole('link', { name: 'Open the PDF' });
    expect(detail().querySelector('iframe')).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(within(detail()).getByRole('link', { name: 'Open the PDF' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^blob:/),
    );
    expect(within(detail()).getByRole('link', { name: 'Download' })).toHaveAttribute(
      'download',
      '57479314-0de0-4ddd-95a9-6ecf5f998d7f.pdf',
    );
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
