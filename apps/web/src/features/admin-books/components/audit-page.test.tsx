import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi, type StubRequest } from '../../../testing/render.tsx';
import { errorBody } from '../../../testing/api-fixtures.ts';
import { wideCells } from '../../../testing/wide-cells.ts';
import { event, listBody } from '../testing/fixtures.ts';
import { AuditPage } from './audit-page.tsx';

type Handlers = Parameters<typeof stubApi>[0];

const deactivated = event({
  id: 31,
  at: '2026-11-05T08:00:00.000Z',
  action: 'member.deactivate',
  target_type: 'user',
  target_id: '3',
  reason: 'Left the UAE',
});
const unknown = event({
  id: 29,
  actor: null,
  action: 'system.nightly_check',
  target_type: 'ledger',
  target_id: '0',
  reason: null,
});

function setup(handlers: Handlers = {}) {
  const requests = stubApi({
    'GET /api/admin/audit': () => ({ body: listBody([deactivated, event(), unknown]) }),
    ...handlers,
  });
  const user = userEvent.setup();
  renderWithProviders(<AuditPage />, {
    path: '/admin/audit',
    routes: { '/admin/members/:id': 'MEMBER PAGE' },
  });
  return { requests, user };
}

const auditCalls = (requests: StubRequest[]) =>
  requests.filter((r) => r.url.startsWith('/api/admin/audit'));

describe('the audit log', () => {
  it('names both admins of a proposal carried out, and links its loan', async () => {
    const confirmed = event({
      id: 40,
      action: 'proposal.confirm',
      target_type: 'proposal',
      target_id: '5',
      reason: null,
      details: {
        action: 'loan.disburse',
        loanId: 12,
        proposedBy: 'Fatima Al Mansoori',
        confirmedBy: 'Yusuf Khan',
      },
    });
    const share = event({
      id: 39,
      action: 'proposal.make',
      target_type: 'proposal',
      target_id: '4',
      reason: null,
      details: { action: 'bonus.close', loanId: null },
    });
    stubApi({ 'GET /api/admin/audit': () => ({ body: listBody([confirmed, share]) }) });
    renderWithProviders(<AuditPage />, { path: '/admin/audit' });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('Confirmed by a second admin');
    expect(first).toHaveTextContent('Proposed by Fatima Al Mansoori, confirmed by Yusuf Khan');
    expect(within(first!).getByRole('link', { name: 'Loan #12' })).toHaveAttribute(
      'href',
      '/admin/loans/12',
    );
    expect(second).toHaveTextContent('Proposed, waiting for a second admin');
    expect(second).toHaveTextContent('Share-out');
  });

  it('shows when, who, what, on what and why', async () => {
    const { user } = setup();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const rows = within(table).getAllByRole('row').slice(1);
    // As a wide screen shows it: without what only a phone shows (md:hidden).
    const texts = rows.map(wideCells);
    expect(texts).toEqual([
      [
        '5 November 2026 at 12:00 PM',
        'Member deactivated',
        'Treasurer',
        'Member #3',
        'Left the UAE',
      ],
      [
        '4 November 2026 at 12:00 PM',
        'Receipt rejected',
        'Treasurer',
        'Payment #11',
        'The receipt is not readable.',
      ],
      // An action this page has no words for is shown by its code; no actor is the system.
      ['4 November 2026 at 12:00 PM', 'system.nightly_check', 'System', 'ledger #0', ''],
    ]);
    await user.click(within(rows[0]!).getByRole('link', { name: 'Member #3' }));
    expect(await screen.findByText('MEMBER PAGE')).toBeInTheDocument();
  });

  it("names the own books' events and what they are about", async () => {
    const events = [
      event({
        id: 52,
        action: 'bank.statement_delete',
        target_type: 'bank_statement',
        target_id: '2',
      }),
      event({ id: 51, action: 'entry.reverse', target_type: 'journal_entry', target_id: '40' }),
      event({ id: 50, action: 'bank.book', target_type: 'bank_line', target_id: '7' }),
      event({ id: 49, action: 'account.retire', target_type: 'account', target_id: 'stationery' }),
    ];
    stubApi({ 'GET /api/admin/audit': () => ({ body: listBody(events) }) });
    renderWithProviders(<AuditPage />, { path: '/admin/audit' });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const rows = within(table).getAllByRole('row').slice(1);
    for (const [row, action, target] of [
      [0, 'Bank statement taken back', 'Bank statement #2'],
      [1, 'Entry corrected by reversal', 'Entry #40'],
      [2, 'Bank line booked to an account', 'Bank line #7'],
      [3, 'Account retired', 'Account stationery'],
    ] as const) {
      expect(rows[row]).toHaveTextContent(action);
      expect(rows[row]).toHaveTextContent(target);
    }
    // The filter offers the own books' groups.
    const filter = screen.getByLabelText('Action');
    expect(within(filter).getByRole('option', { name: 'Bank statements' })).toHaveValue('bank.');
    expect(within(filter).getByRole('option', { name: 'Corrections' })).toHaveValue('entry.');
  });

  it('filters by action and pages with Show more', async () => {
    const { user, requests } = setup({
      'GET /api/admin/audit': (req) =>
        req.url.includes('cursor=')
          ? { body: listBody([event({ id: 2, action: 'loan.approved', target_type: 'loan' })]) }
          : req.url.includes('action=')
            ? {
                body: listBody([event({ id: 3, action: 'loan.active', target_type: 'loan' })], '3'),
              }
            : { body: listBody([deactivated]) },
    });
    await screen.findByText('Member deactivated');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Loans');
    expect(await screen.findByText('Loan paid out')).toBeInTheDocument();
    expect(auditCalls(requests).at(-1)?.url).toBe('/api/admin/audit?action=loan.&limit=20');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Loan approved')).toBeInTheDocument();
    expect(auditCalls(requests).at(-1)?.url).toBe(
      '/api/admin/audit?action=loan.&cursor=3&limit=20',
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument(),
    );
  });

  it('says when nothing is recorded', async () => {
    setup({ 'GET /api/admin/audit': () => ({ body: listBody([]) }) });
    expect(await screen.findByText('Nothing recorded yet.')).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    let calls = 0;
    const { user } = setup({
      'GET /api/admin/audit': () =>
        ++calls === 1
          ? errorBody(500, 'Something went wrong on our side.')
          : { body: listBody([event()]) },
    });
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Receipt rejected')).toBeInTheDocument();
  });
});
