import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { arrearsBody, overviewBody } from '../../../testing/admin-fixtures.ts';
import { proposalBody } from '../../../testing/proposal-fixtures.ts';
import { AdminOverviewPage } from './overview-page.tsx';

type Handlers = Parameters<typeof stubApi>[0];

function setup(
  answer: Handlers[string] = () => ({ body: overviewBody() }),
  handlers: Handlers = {},
) {
  const requests = stubApi({
    'GET /api/admin/overview': answer,
    'GET /api/admin/arrears': () => ({ body: arrearsBody() }),
    'GET /api/admin/periods': () => ({ body: { items: [], first_open: '2026-11' } }),
    'GET /api/admin/years': () => ({ body: { items: [], starts_in_month: 1 } }),
    ...handlers,
  });
  const user = userEvent.setup();
  renderWithProviders(<AdminOverviewPage />, { path: '/admin' });
  return { requests, user };
}

const card = (name: string) => screen.getByRole('link', { name: new RegExp(`^${name}\\b`) });

describe('the admin overview', () => {
  it('shows each figure on a card that leads to its page', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    const money = await screen.findByRole('region', { name: 'Money' });
    expect(within(money).getAllByRole('link')).toHaveLength(5);

    const expected: [string, string, string][] = [
      ['Savings held', 'AED 4,400', '/admin/members'],
      ['Loans outstanding', 'AED 1,333.32', '/admin/loans?state=active'],
      ['Cash in hand', 'AED 3,019.99', '/admin/ledger'],
      ['Interest earned', 'AED 46.66', '/admin/ledger'],
      ['Overdue installments', 'AED 356.67', '/admin/loans?state=active'],
      ['Receipts to review', '3', '/admin/payments'],
      ['Loan applications', '1', '/admin/loans?state=pending'],
      ['Loans to pay out', '0', '/admin/loans?state=approved'],
      ['Membership applications', '2', '/admin/applications'],
      ['Members', '12 active', '/admin/members'],
    ];
    for (const [name, value, href] of expected) {
      expect(card(name)).toHaveTextContent(value);
      expect(card(name)).toHaveAttribute('href', href);
    }
    expect(card('Overdue installments')).toHaveTextContent('1 installment past its due date');
    expect(card('Members')).toHaveTextContent('1 inactive');
  });

  it('draws 12 months of savings and loans, with the same figures in a table', async () => {
    setup();
    const chart = await screen.findByRole('figure', {
      name: 'Savings and loans outstanding, last 12 months',
    });
    // The drawing is hidden from screen readers: two bars a month.
    const svg = within(chart).getByTestId('overview-chart');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg.querySelectorAll('rect')).toHaveLength(24);
    const tallest = [...svg.querySelectorAll('rect')].reduce((a, b) =>
      Number(a.getAttribute('height')) >= Number(b.getAttribute('height')) ? a : b,
    );
    expect(tallest).toHaveTextContent('November 2026 · Savings: AED 4,800');
    // An empty month draws no bar height.
    const december = svg.querySelector('[data-month="2025-12"]')!;
    expect(december.querySelectorAll('rect')[1]).toHaveAttribute('height', '0');

    const table = within(chart).getByRole('table', {
      name: 'Savings and loans outstanding at the end of each month',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(rows[0]).toHaveTextContent('MonthSavingsLoans outstanding');
    expect(rows[1]).toHaveTextContent('December 2025AED 400AED 0');
    expect(rows[10]).toHaveTextContent('September 2026AED 4,000AED 2,000');
    expect(rows[12]).toHaveTextContent('November 2026AED 4,800AED 1,333.32');
  });

  it('shows PAR30 with its last 12 months, in words too, leading to the arrears', async () => {
    setup();
    const section = await screen.findByRole('region', { name: 'Loans at risk' });
    await waitFor(() =>
      expect(section).toHaveTextContent(
        /^Loans at riskPAR304\.2%AED 2,016 of AED 48,000 outstanding is on loans more than 30 days late/,
      ),
    );
    expect(section).toHaveTextContent('2 members behind on dues or installments.');
    expect(within(section).getByRole('link', { name: 'Open the arrears' })).toHaveAttribute(
      'href',
      '/admin/arrears',
    );
    // The line has its scale (the highest month at the top, 0 at the bottom) and its months.
    expect(within(section).getByTestId('par-top')).toHaveTextContent('4.2%');
    expect(section).toHaveTextContent('January 2026 to December 2026');
    // Each month's figure is folded under it, to open and read; a table for a screen reader.
    expect(
      within(section).getByText('PAR30 at the end of each month', { selector: 'summary' }),
    ).toBeVisible();
    // The line is hidden from screen readers; its months are in a table for them.
    const line = within(section).getByTestId('par-trend');
    expect(line).toHaveAttribute('aria-hidden', 'true');
    expect(line.querySelector('polyline')!.getAttribute('points')!.split(' ')).toHaveLength(12);
    const table = within(section).getByRole('table', { name: 'PAR30 at the end of each month' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(rows[0]).toHaveTextContent('MonthPAR30');
    expect(rows[1]).toHaveTextContent('January 20260.0%');
    expect(rows[11]).toHaveTextContent('November 20263.0%');
    expect(rows[12]).toHaveTextContent('December 20264.2%');
  });

  it('asks for the overview and the arrears at once, not one after the other', async () => {
    let answerOverview!: () => void;
    const overviewHeld = new Promise<void>((resolve) => (answerOverview = resolve));
    const { requests } = setup(async () => {
      await overviewHeld;
      return { body: overviewBody() };
    });
    // The arrears are asked for while the overview has not answered yet.
    await waitFor(() =>
      expect(requests.map((r) => r.url)).toEqual(
        expect.arrayContaining(['/api/admin/overview', '/api/admin/arrears?limit=50']),
      ),
    );
    expect(screen.queryByRole('region', { name: 'Loans at risk' })).not.toBeInTheDocument();
    answerOverview();
    expect(await screen.findByRole('region', { name: 'Loans at risk' })).toBeInTheDocument();
    expect(
      requests
        .map((r) => r.url)
        .slice(0, 2)
        .sort(),
    ).toEqual(['/api/admin/arrears?limit=50', '/api/admin/overview']);
  });

  it('keeps the overview when the arrears cannot be loaded, with a retry of their own', async () => {
    let calls = 0;
    const { user } = setup(undefined, {
      'GET /api/admin/arrears': () =>
        ++calls === 1
          ? { status: 500, body: { status_code: 500, message: 'Something failed on our side.' } }
          : { body: arrearsBody() },
    });
    const section = await screen.findByRole('region', { name: 'Loans at risk' });
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Something failed on our side.',
    );
    expect(card('Savings held')).toHaveTextContent('AED 4,400');
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(section).toHaveTextContent(/^Loans at riskPAR304\.2%/));
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so instead of drawing an empty chart', async () => {
    setup(() => ({
      body: overviewBody({
        history: overviewBody().history.map((m) => ({ ...m, savings: 0, loans_outstanding: 0 })),
      }),
    }));
    expect(
      await screen.findByText(
        'No figures yet: the chart fills in as dues are approved and loans paid out.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('overview-chart')).not.toBeInTheDocument();
  });

  it('shows the error with a retry when the overview cannot be loaded', async () => {
    let calls = 0;
    const { user } = setup(() =>
      ++calls === 1
        ? { status: 500, body: { status_code: 500, message: 'Something failed on our side.' } }
        : { body: overviewBody() },
    );
    expect(await screen.findByText('Something failed on our side.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Money' })).toBeInTheDocument();
    expect(card('Savings held')).toHaveTextContent('AED 4,400');
  });

  it('lists what waits for a second admin, each leading to its loan, with a withdraw', async () => {
    let proposals = [
      proposalBody(),
      proposalBody({
        id: 6,
        action: 'loan.write_off',
        loan_id: 1,
        member: { id: 2, unique_id: 'JM000002', name: 'Amina Rahman' },
        amount: 1426.66,
        reason: 'The member left the UAE.',
      }),
      proposalBody({
        id: 8,
        action: 'bonus.close',
        loan_id: null,
        member: null,
        amount: 140,
        details: { startsOn: '2025-04-01', endsOn: '2026-11-21' },
      }),
    ];
    const { requests, user } = setup(
      () => ({ body: overviewBody({ active_admins: 2, proposals }) }),
      {
        'POST /api/admin/proposals/5/withdraw': () => {
          const [withdrawn] = proposals;
          proposals = proposals.slice(1);
          return { body: { message: 'The proposal was withdrawn.', proposal: withdrawn } };
        },
      },
    );
    const section = await screen.findByRole('region', { name: 'Waiting for a second admin' });
    // Two admins: no single-admin sentence.
    expect(section).not.toHaveTextContent('A single active admin');
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Loan pay-out · Loan #7AED 1,000');
    expect(items[0]).toHaveTextContent('Rahul Nair · JM000003');
    expect(items[0]).toHaveTextContent(/Proposed by Fatima Al Mansoori on 2 December 2026/);
    expect(within(items[0]!).getByRole('link', { name: 'Open loan #7' })).toHaveAttribute(
      'href',
      '/admin/loans/7',
    );
    expect(items[1]).toHaveTextContent('Loan write-off · Loan #1AED 1,426.66');
    expect(items[1]).toHaveTextContent('Reason: The member left the UAE.');
    expect(items[2]).toHaveTextContent('Bonus share-outAED 140');
    expect(items[2]).toHaveTextContent('Period 1 April 2025 – 21 November 2026');
    expect(within(items[2]!).getByRole('link', { name: 'Open the share-out' })).toHaveAttribute(
      'href',
      '/admin/bonus',
    );

    await user.click(within(items[0]!).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('The proposal was withdrawn.')).toBeInTheDocument();
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      '/api/admin/proposals/5/withdraw',
    ]);
  });

  it('leads a bank assignment to the bank statements, where it is confirmed', async () => {
    setup(() => ({
      body: overviewBody({
        active_admins: 2,
        proposals: [
          proposalBody({
            id: 8,
            action: 'bank.assign',
            loan_id: null,
            member: null,
            amount: 200,
            details: { memberId: 14, period: '2026-11', loanId: null },
          }),
        ],
      }),
    }));
    const section = await screen.findByRole('region', { name: 'Waiting for a second admin' });
    const [item] = within(section).getAllByRole('listitem');
    expect(item).toHaveTextContent('Money from the bank assigned to a memberAED 200');
    expect(within(item!).getByRole('link', { name: 'Open the bank statements' })).toHaveAttribute(
      'href',
      '/admin/bank',
    );
  });

  it('says when nothing waits for a second admin', async () => {
    setup(() => ({ body: overviewBody({ active_admins: 2, proposals: [] }) }));
    const section = await screen.findByRole('region', { name: 'Waiting for a second admin' });
    expect(section).toHaveTextContent('Nothing is waiting for a second admin.');
  });

  it('says in one sentence that a single active admin acts alone', async () => {
    setup(() => ({ body: overviewBody({ active_admins: 1, proposals: [] }) }));
    const section = await screen.findByRole('region', { name: 'Waiting for a second admin' });
    expect(section).toHaveTextContent(
      "A single active admin pays out, writes off, records cash repayments and shares out alone; once a second admin is active, each of these needs two admins, and so do a change of an admin's status and a member's password link.",
    );
    expect(within(section).queryByRole('listitem')).not.toBeInTheDocument();
  });
});
