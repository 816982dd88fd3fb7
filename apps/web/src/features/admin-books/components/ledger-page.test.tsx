import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi, type StubRequest } from '../../../testing/render.tsx';
import { entry, errorBody, listBody, trialBalanceBody } from '../testing/fixtures.ts';
import { LedgerPage } from './ledger-page.tsx';

type Handlers = Parameters<typeof stubApi>[0];

const disbursement = entry({
  id: 9,
  kind: 'disbursement',
  memo: 'Loan #1 paid out to Amina Rahman',
  occurred_at: '2026-11-17T08:00:00.000Z',
  payment_id: null,
  loan_id: 1,
  postings: [
    { account_code: '1100', account_name: 'Loans receivable', debit: 2000, credit: 0 },
    { account_code: '1000', account_name: 'Cash', debit: 0, credit: 2000 },
  ],
});

function setup(handlers: Handlers = {}) {
  const requests = stubApi({
    'GET /api/admin/ledger/trial-balance': () => ({ body: trialBalanceBody() }),
    'GET /api/admin/ledger/entries': () => ({ body: listBody([disbursement, entry()]) }),
    ...handlers,
  });
  const user = userEvent.setup();
  renderWithProviders(<LedgerPage />, { path: '/admin/ledger' });
  return { requests, user };
}

/** A row's cells as a wide screen shows them: without what only a phone shows (md:hidden). */
const texts = (row: HTMLElement) => {
  const copy = row.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('.md\\:hidden').forEach((e) => e.remove());
  return [...copy.querySelectorAll('th, td')].map((c) => c.textContent?.replace(/\s+/g, ' '));
};
const entryCalls = (requests: StubRequest[]) =>
  requests.filter((r) => r.url.startsWith('/api/admin/ledger/entries?'));

describe('the trial balance', () => {
  it('shows every account with debits, credits and balance, the totals and Balanced', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Trial balance' });
    const rows = within(table).getAllByRole('row');
    expect(texts(rows[1]!)).toEqual([
      '1000',
      'Cash',
      'Asset',
      'AED 2,340.50',
      'AED 2,000',
      'AED 340.50',
    ]);
    expect(texts(rows[3]!)).toEqual([
      '2000',
      'Member savings',
      'Liability',
      'AED 0',
      'AED 2,340.50',
      '-AED 2,340.50',
    ]);
    expect(texts(rows[4]!)).toEqual(['Totals', 'AED 4,340.50', 'AED 4,340.50', 'AED 0']);
    const region = within(screen.getByRole('region', { name: 'Trial balance' }));
    expect(region.getByText('Balanced')).toBeInTheDocument();
    expect(region.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says NOT balanced, and by how much, when the totals differ', async () => {
    setup({
      'GET /api/admin/ledger/trial-balance': () => ({
        body: trialBalanceBody({ total_debits: 4340.5, total_credits: 4340.25, balanced: false }),
      }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('NOT balanced');
    expect(alert).toHaveTextContent('Debits and credits differ by AED 0.25.');
  });

  it('shows an error with a retry', async () => {
    let calls = 0;
    const { user } = setup({
      'GET /api/admin/ledger/trial-balance': () =>
        ++calls === 1
          ? errorBody(500, 'Something went wrong on our side.')
          : { body: trialBalanceBody() },
    });
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Trial balance' })).toBeInTheDocument();
  });
});

describe('the journal', () => {
  it('lists the entries newest first, each with its postings', async () => {
    setup();
    const journal = within(await screen.findByRole('region', { name: 'Journal' }));
    const items = await journal.findAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual([
      'Entry #9',
      'Entry #7',
    ]);
    const first = within(items[0]!);
    expect(first.getByText('Disbursement')).toBeInTheDocument();
    expect(first.getByText('Loan #1 paid out to Amina Rahman')).toBeInTheDocument();
    expect(first.getByText('Recorded by Treasurer')).toBeInTheDocument();
    const postings = first.getByRole('table', { name: 'Postings of entry #9' });
    const rows = within(postings).getAllByRole('row').slice(1);
    expect(rows.map(texts)).toEqual([
      ['Loans receivable 1100', '2,000', ''],
      ['Cash 1000', '', '2,000'],
    ]);
  });

  it('filters by kind and pages with Show more', async () => {
    const { user, requests } = setup({
      'GET /api/admin/ledger/entries': (req) =>
        req.url.includes('cursor=')
          ? { body: listBody([entry({ id: 3, memo: 'Dues for August 2026' })]) }
          : req.url.includes('kind=dues')
            ? { body: listBody([entry()], '7') }
            : { body: listBody([disbursement, entry()]) },
    });
    const journal = within(await screen.findByRole('region', { name: 'Journal' }));
    await journal.findByText('Entry #9');
    await user.selectOptions(journal.getByRole('combobox', { name: 'Kind' }), 'dues');
    await waitFor(() => expect(journal.queryByText('Entry #9')).not.toBeInTheDocument());
    expect(entryCalls(requests).at(-1)?.url).toBe('/api/admin/ledger/entries?kind=dues&limit=20');
    await user.click(journal.getByRole('button', { name: 'Show more' }));
    expect(await journal.findByText('Dues for August 2026')).toBeInTheDocument();
    expect(entryCalls(requests).at(-1)?.url).toBe(
      '/api/admin/ledger/entries?kind=dues&cursor=7&limit=20',
    );
    expect(journal.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('says when there are no entries', async () => {
    setup({ 'GET /api/admin/ledger/entries': () => ({ body: listBody([]) }) });
    expect(await screen.findByText('No entries yet.')).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    setup({
      'GET /api/admin/ledger/entries': () => errorBody(500, 'Something went wrong on our side.'),
    });
    const journal = within(await screen.findByRole('region', { name: 'Journal' }));
    expect(await journal.findByText('Something went wrong on our side.')).toBeInTheDocument();
    expect(journal.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('downloads the journal of the chosen kind as CSV, with the session', async () => {
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this);
    });
    const { user, requests } = setup({
      'GET /api/admin/ledger/entries.csv': () => ({ body: 'entry,occurred_at' }),
    });
    localStorage.setItem('ts_token', 'admin-token');
    const journal = within(await screen.findByRole('region', { name: 'Journal' }));
    await user.selectOptions(journal.getByRole('combobox', { name: 'Kind' }), 'repayment');
    await user.click(journal.getByRole('button', { name: 'Download journal (CSV)' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]?.download).toMatch(/^journal-repayment-\d{4}-\d\d-\d\d\.csv$/);
    const call = requests.find((r) => r.url.startsWith('/api/admin/ledger/entries.csv'));
    expect(call?.url).toBe('/api/admin/ledger/entries.csv?kind=repayment');
    expect(call?.headers.get('authorization')).toBe('Bearer admin-token');
  });
});
