import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { StubRequest } from '../../../testing/render.tsx';
import { errorBody } from '../../../testing/api-fixtures.ts';
import { wideCells } from '../../../testing/wide-cells.ts';
import { disbursement, lastYear, setupLedgerPage } from '../testing/ledger-page.tsx';
import { entry, listBody } from '../testing/fixtures.ts';

const entryCalls = (requests: StubRequest[]) =>
  requests.filter((r) => r.url.startsWith('/api/admin/ledger/entries?'));

describe('the journal', () => {
  it('lists the entries newest first, each with its postings', async () => {
    setupLedgerPage();
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
    expect(rows.map(wideCells)).toEqual([
      ['Loans receivable 1100', '2,000', ''],
      ['Cash 1000', '', '2,000'],
    ]);
  });

  it('filters by kind and pages with Show more', async () => {
    const { user, requests } = setupLedgerPage({
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
    setupLedgerPage({ 'GET /api/admin/ledger/entries': () => ({ body: listBody([]) }) });
    expect(await screen.findByText('No entries yet.')).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    setupLedgerPage({
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
    const { user, requests } = setupLedgerPage({
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

  it('filters by account and by days, and downloads the PDF of what it shows', async () => {
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this);
    });
    const { user, requests } = setupLedgerPage({
      'GET /api/admin/ledger/entries.pdf': () => ({ body: '%PDF' }),
    });
    const journal = within(await screen.findByRole('region', { name: 'Journal' }));
    await journal.findByText('Entry #9');
    const account = journal.getByRole('combobox', { name: 'Account' });
    await waitFor(() => expect(within(account).getByRole('option', { name: 'Bank charges' })));
    expect(within(account).getByRole('group', { name: 'Expenses' })).toBeInTheDocument();
    await user.selectOptions(account, 'bank_charges');
    await user.selectOptions(journal.getByRole('combobox', { name: 'From, Day' }), '1');
    await user.selectOptions(journal.getByRole('combobox', { name: 'From, Month' }), '01');
    await user.selectOptions(journal.getByRole('combobox', { name: 'From, Year' }), lastYear);
    await waitFor(() =>
      expect(entryCalls(requests).at(-1)?.url).toBe(
        `/api/admin/ledger/entries?account=bank_charges&from=${lastYear}-01-01&limit=20`,
      ),
    );
    await user.click(journal.getByRole('button', { name: 'Download journal (PDF)' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(requests.at(-1)?.url).toBe(
      `/api/admin/ledger/entries.pdf?account=bank_charges&from=${lastYear}-01-01`,
    );
    expect(clicks[0]?.download).toMatch(/^journal-\d{4}-\d\d-\d\d\.pdf$/);
  });

  it('shows who proposed and confirmed, why a correction was made, what corrected an entry, and its receipt', async () => {
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this);
    });
    const handEntry = entry({
      id: 12,
      kind: 'journal',
      memo: 'Stationery from the cash box',
      payment_id: null,
      proposed_by: { id: 1, unique_id: 'JM000001', name: 'Treasurer' },
      created_by: { id: 4, unique_id: 'JM000004', name: 'Yusuf Khan' },
      reversed_by_entry_id: 13,
      evidence_url: '/api/files/31',
      postings: [
        {
          account_code: 'stationery',
          account_name: 'Stationery and printing',
          debit: 40,
          credit: 0,
        },
        { account_code: 'cash_box', account_name: 'Cash box', debit: 0, credit: 40 },
      ],
    });
    const correction = entry({
      id: 13,
      kind: 'reversal',
      memo: 'Correction of entry #12',
      payment_id: null,
      reverses_entry_id: 12,
      correction: { reason_code: 'duplicate', reason: 'The same receipt was entered twice.' },
    });
    const { user } = setupLedgerPage({
      'GET /api/admin/ledger/entries': () => ({ body: listBody([correction, handEntry]) }),
      'GET /api/files/31': () => ({ body: {} }),
    });
    const journal = within(await screen.findByRole('region', { name: 'Journal' }));
    const [first, second] = (await journal.findAllByRole('listitem')).map((i) => within(i));
    expect(
      first!.getByText('Why: Recorded twice. \u2068The same receipt was entered twice.\u2069'),
    ).toBeInTheDocument();
    expect(first!.getByText(/reverses entry #12/)).toBeInTheDocument();
    expect(second!.getByText('Corrected by entry #13')).toBeInTheDocument();
    expect(second!.getByText('Proposed by Treasurer, confirmed by Yusuf Khan')).toBeInTheDocument();
    expect(second!.getByRole('cell', { name: 'Cash box cash_box' })).toBeInTheDocument();
    // Corrected already: nothing to correct.
    expect(second!.queryByRole('button', { name: /Correct/ })).not.toBeInTheDocument();
    await user.click(second!.getByRole('button', { name: 'Receipt' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]?.download).toMatch(/^entry-12-evidence\./);
  });
});
