import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { memberAnnualReport, type MemberAnnualReport } from '@jamiya/contracts/year-report';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { AnnualReportPage } from './annual-report-page.tsx';

const report = (year: number, surplus: number) => ({
  association: 'Al Noor Savings',
  year,
  from: `${year}-01-01`,
  to: `${year}-12-31`,
  total_income: 1200,
  total_expenses: 200,
  surplus,
  income_by_source: { interest: 900, fines: 100, other: 200 },
  shared_out: 900,
  savings: { start: 50000, end: 62000 },
  members: { start: 40, joined: 6, left: 2, end: 44 },
  loans: {
    paid_out: 30000,
    repaid: 24000,
    written_off: 500,
    recovered: 200,
    outstanding_end: 18000,
  },
  par30_end: 4.5,
  previous_surplus: year === 2025 ? 800 : null,
});

const body = (r: MemberAnnualReport['report'], years: number[]) =>
  memberAnnualReport.parse({ years, report: r });

describe('The association’s year', () => {
  it('shows the last closed year in short, and another when the member chooses it', async () => {
    const requests = stubApi({
      'GET /api/annual-report': (req) => ({
        body: body(
          req.url.includes('year=2024') ? report(2024, 800) : report(2025, 1000),
          [2025, 2024],
        ),
      }),
    });
    renderWithProviders(<AnnualReportPage />, { path: '/user/annual-report' });
    const money = await screen.findByRole('region', { name: 'Income and expenses' });
    expect(money).toHaveTextContent('SurplusAED 1,000');
    expect(money).toHaveTextContent('The year before, the surplus was AED 800.');
    expect(
      screen.getByText(/Al Noor Savings, from 1 January 2025 to 31 December 2025/),
    ).toBeInTheDocument();
    const sources = screen.getByRole('region', { name: 'Where the income came from' });
    expect(within(sources).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('region', { name: 'Loans' })).toHaveTextContent('4.5 %');

    await userEvent.setup().selectOptions(screen.getByLabelText('Year'), '2024');
    expect(await screen.findByText(/from 1 January 2024/)).toBeInTheDocument();
    expect(requests.map((r) => r.url)).toEqual([
      '/api/annual-report',
      '/api/annual-report?year=2024',
    ]);
  });

  it('says so while no year is closed', async () => {
    stubApi({ 'GET /api/annual-report': () => ({ body: body(null, []) }) });
    renderWithProviders(<AnnualReportPage />, { path: '/user/annual-report' });
    expect(await screen.findByText('No year is closed yet')).toBeInTheDocument();
  });
});
