import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setupPage } from '../../../testing/render.tsx';
import { errorBody } from '../../../testing/api-fixtures.ts';
import { dubaiToday } from '../../../lib/today.ts';
import { incomeStatementBody } from '../testing/fixtures.ts';
import { IncomeStatementPage } from './income-statement-page.tsx';

type Handlers = Parameters<typeof setupPage>[1];

function setup(handlers: Handlers = {}) {
  return setupPage(
    <IncomeStatementPage />,
    {
      'GET /api/admin/ledger/income-statement': () => ({ body: incomeStatementBody() }),
      ...handlers,
    },
    { path: '/admin/ledger/income-statement' },
  );
}

const today = dubaiToday();
const year = today.slice(0, 4);
const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) =>
      [...row.querySelectorAll('th, td')].map((c) => c.textContent?.replace(/\s+/g, ' ')),
    );

describe('the income and expenditure statement', () => {
  it('reads this year by default: income, expenses, their totals and the deficit', async () => {
    const { requests } = setup();
    const table = await screen.findByRole('table', { name: 'Income and expenditure' });
    expect(rowTexts(table)).toEqual([
      ['Income'],
      ['Interest income', 'AED 70'],
      ['Bank interest received', 'AED 12.25'],
      ['Total income', 'AED 82.25'],
      ['Expenses'],
      ['Bank charges', 'AED 52.50'],
      ['Stationery and printing', 'AED 40'],
      ['Total expenses', 'AED 92.50'],
    ]);
    expect(screen.getByText('Deficit')).toBeInTheDocument();
    expect(screen.getByText('AED 10.25')).toBeInTheDocument();
    expect(requests[0]?.url).toBe(
      `/api/admin/ledger/income-statement?from=${year}-01-01&to=${today}`,
    );
  });

  it('says a surplus, and that a part had nothing in the period', async () => {
    setup({
      'GET /api/admin/ledger/income-statement': () => ({
        body: incomeStatementBody({
          expenses: [],
          total_expenses: 0,
          surplus: 82.25,
          shared_out: 60,
        }),
      }),
    });
    await screen.findByRole('table', { name: 'Income and expenditure' });
    expect(screen.getByText('Surplus')).toBeInTheDocument();
    expect(screen.getByText('None in this period.')).toBeInTheDocument();
    expect(
      screen.getByText(
        "Share-outs gave the members AED 60 in the period: the surplus's use, not an expense.",
      ),
    ).toBeInTheDocument();
  });

  it('reads another period, and downloads it as CSV and PDF', async () => {
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this);
    });
    const { user, requests } = setup({
      'GET /api/admin/ledger/income-statement.csv': () => ({ body: 'code,name,amount' }),
      'GET /api/admin/ledger/income-statement.pdf': () => ({ body: '%PDF' }),
    });
    await screen.findByRole('table', { name: 'Income and expenditure' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'From, Month' }), '07');
    await waitFor(() =>
      expect(requests.at(-1)?.url).toBe(
        `/api/admin/ledger/income-statement?from=${year}-07-01&to=${today}`,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Download the statement (CSV)' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Download the statement (PDF)' }));
    await waitFor(() => expect(clicks).toHaveLength(2));
    expect(requests.slice(-2).map((r) => r.url)).toEqual([
      `/api/admin/ledger/income-statement.csv?from=${year}-07-01&to=${today}`,
      `/api/admin/ledger/income-statement.pdf?from=${year}-07-01&to=${today}`,
    ]);
    expect(clicks[1]?.download).toBe(`income-statement-${year}-07-01-${today}.pdf`);
  });

  it('says when the period has no income and no expenses', async () => {
    setup({
      'GET /api/admin/ledger/income-statement': () => ({
        body: incomeStatementBody({
          income: [],
          expenses: [],
          total_income: 0,
          total_expenses: 0,
          surplus: 0,
        }),
      }),
    });
    expect(
      await screen.findByText('No income and no expenses in this period.'),
    ).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    setup({
      'GET /api/admin/ledger/income-statement': () =>
        errorBody(500, 'Something went wrong on our side.'),
    });
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
