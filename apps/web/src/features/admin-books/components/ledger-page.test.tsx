import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { wideCells } from '../../../testing/wide-cells.ts';
import { lastYear, setupLedgerPage } from '../testing/ledger-page.tsx';
import { trialBalanceBody } from '../testing/fixtures.ts';
import { errorBody } from '../../../testing/api-fixtures.ts';

describe('the trial balance', () => {
  it('groups the accounts by kind, each group with its totals, then the totals and Balanced', async () => {
    setupLedgerPage();
    const table = await screen.findByRole('table', { name: 'Trial balance' });
    const rows = within(table).getAllByRole('row');
    expect(rows.slice(1).map(wideCells)).toEqual([
      ['Assets', 'AED 4,340.50', 'AED 2,000', 'AED 2,340.50'],
      ['cash', 'Cash and bank', 'AED 2,340.50', 'AED 2,000', 'AED 340.50'],
      ['loan:*', 'Loans receivable (loans: 1)', 'AED 2,000', 'AED 0', 'AED 2,000'],
      ['Liabilities', 'AED 0', 'AED 2,340.50', '-AED 2,340.50'],
      ['savings:*', "Members' savings (members: 2)", 'AED 0', 'AED 2,340.50', '-AED 2,340.50'],
      ['Totals', 'AED 4,340.50', 'AED 4,340.50', 'AED 0'],
    ]);
    const region = within(screen.getByRole('region', { name: 'Trial balance' }));
    expect(region.getByText('Balanced')).toBeInTheDocument();
    expect(region.getByText(/up to and including 1 December 2026/)).toBeInTheDocument();
    expect(region.queryByRole('alert')).not.toBeInTheDocument();
    expect(region.getByText(/The CSV file lists every account/)).toBeInTheDocument();
  });

  it('is read as of a day chosen, and downloaded as CSV and PDF for that day', async () => {
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this);
    });
    const { user, requests } = setupLedgerPage({
      'GET /api/admin/ledger/trial-balance.csv': () => ({ body: 'code,name' }),
      'GET /api/admin/ledger/trial-balance.pdf': () => ({ body: '%PDF' }),
    });
    const region = within(await screen.findByRole('region', { name: 'Trial balance' }));
    await region.findByRole('table');
    await user.selectOptions(region.getByRole('combobox', { name: 'As of, Day' }), '30');
    await user.selectOptions(region.getByRole('combobox', { name: 'As of, Month' }), '06');
    // A day of last year: the choices reach back from this one.
    await user.selectOptions(region.getByRole('combobox', { name: 'As of, Year' }), lastYear);
    await waitFor(() =>
      expect(requests.at(-1)?.url).toBe(`/api/admin/ledger/trial-balance?as_of=${lastYear}-06-30`),
    );
    await user.click(region.getByRole('button', { name: 'Download trial balance (CSV)' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    await user.click(region.getByRole('button', { name: 'Download trial balance (PDF)' }));
    await waitFor(() => expect(clicks).toHaveLength(2));
    expect(clicks.map((c) => c.download)).toEqual([
      `trial-balance-${lastYear}-06-30.csv`,
      `trial-balance-${lastYear}-06-30.pdf`,
    ]);
    expect(requests.filter((r) => r.url.includes('trial-balance.')).map((r) => r.url)).toEqual([
      `/api/admin/ledger/trial-balance.csv?as_of=${lastYear}-06-30`,
      `/api/admin/ledger/trial-balance.pdf?as_of=${lastYear}-06-30`,
    ]);
  });

  it('says NOT balanced, and by how much, when the totals differ', async () => {
    setupLedgerPage({
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
    const { user } = setupLedgerPage({
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
