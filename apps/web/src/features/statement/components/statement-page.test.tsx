import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { statement, type Statement } from '@jamiya/contracts/statement';
import { setupPage, stubApi, type StubRequest } from '../../../testing/render.tsx';
import { StatementPage } from './statement-page.tsx';

const line = (overrides: Partial<Statement['lines'][number]>): Statement['lines'][number] => ({
  entry_id: 1,
  // 1:30 on 2 October in Dubai, where the books count the days.
  occurred_at: '2026-10-01T21:30:00.000Z',
  kind: 'dues',
  memo: 'Monthly due October 2026',
  savings_change: 200.5,
  loan_change: 0,
  loan_principal_change: 0,
  loan_interest_change: 0,
  savings_balance: 2400.5,
  loan_balance: 1783.33,
  loan_principal_balance: 1666.66,
  loan_interest_balance: 116.67,
  ...overrides,
});

const hassan = (overrides: Partial<Statement> = {}): Statement =>
  statement.parse({
    member: { name: 'Hassan Ali', unique_id: 'JM000012' },
    association_name: 'Jamiya',
    from: '2026-08-01',
    to: '2026-11-22',
    kind: null,
    opening: { savings: 2200, loan: 0, loan_principal: 0, loan_interest: 0 },
    closing: { savings: 2400.5, loan: 1426.66, loan_principal: 1333.32, loan_interest: 93.34 },
    lines: [
      line({
        entry_id: 3,
        occurred_at: '2026-11-17T08:00:00.000Z',
        kind: 'repayment',
        memo: 'Repayment of loan 1',
        savings_change: 0,
        loan_change: -356.67,
        loan_principal_change: -333.34,
        loan_interest_change: -23.33,
        savings_balance: 2400.5,
        loan_balance: 1426.66,
        loan_principal_balance: 1333.32,
        loan_interest_balance: 93.34,
      }),
      line({ entry_id: 1 }),
    ],
    ...overrides,
  });

type Handlers = Parameters<typeof stubApi>[0];

const setup = (handlers: Handlers = {}, at = '/user/statement') =>
  setupPage(
    <StatementPage />,
    { 'GET /api/my-statement': () => ({ body: hassan() }), ...handlers },
    { path: '/user/statement', at },
  );

const statementCalls = (requests: StubRequest[]) =>
  requests.filter((r) => r.url.startsWith('/api/my-statement')).map((r) => r.url);

const text = (e: Element) => e.textContent?.replace(/\s+/g, ' ');

/** The rows of the wide-screen table, as text. */
const tableRows = () =>
  within(screen.getByRole('table', { name: 'Movements of your savings and loan, newest first' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => text(c)));

describe('the statement page', () => {
  it('shows the period, the opening and closing balances and every movement', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Statement' })).toBeVisible();
    const summary = within(await screen.findByRole('region', { name: 'Balances' }));
    expect(summary.getByText('1 August 2026 to 22 November 2026')).toBeInTheDocument();
    const opening = within(summary.getByRole('group', { name: 'Opening, 1 August 2026' }));
    expect(opening.getByText('Savings').nextElementSibling).toHaveTextContent('AED 2,200');
    // Nothing owed: no parts to show.
    expect(opening.getByText('Loan owed').nextElementSibling).toHaveTextContent(/^AED\s0$/);
    const closing = within(summary.getByRole('group', { name: 'Closing, 22 November 2026' }));
    expect(closing.getByText('Savings').nextElementSibling).toHaveTextContent('AED 2,400.50');
    // What is owed in all, as My Loan's remaining, and what it is made of.
    expect(closing.getByText('Loan owed').nextElementSibling).toHaveTextContent(
      'AED 1,426.66Principal AED 1,333.32 · interest AED 93.34',
    );

    expect(
      within(screen.getByRole('table', { name: /^Movements/ }))
        .getAllByRole('columnheader')
        .map(text),
    ).toEqual([
      'Date',
      'Kind',
      'Description',
      'Savings change',
      'Loan change',
      'Principal',
      'Interest',
      'Savings balance',
      'Loan owed',
    ]);
    expect(tableRows()).toEqual([
      [
        '17 November 2026',
        'Loan repayment',
        'Repayment of loan 1',
        '—',
        '-356.67',
        '-333.34',
        '-23.33',
        'AED 2,400.50',
        'AED 1,426.66',
      ],
      [
        '2 October 2026',
        'Dues',
        'Monthly due October 2026',
        '+200.50',
        '—',
        '—',
        '—',
        'AED 2,400.50',
        'AED 1,783.33',
      ],
    ]);
    // The phone's list says the same in sentences.
    const items = within(
      screen.getByRole('list', { name: 'Movements of your savings and loan, newest first' }),
    ).getAllByRole('listitem');
    expect(items.map(text)).toEqual([
      'Loan repayment17 November 2026Repayment of loan 1Loan -356.67Principal -333.34 · interest -23.33After: savings AED 2,400.50, loan owed AED 1,426.66',
      'Dues2 October 2026Monthly due October 2026Savings +200.50After: savings AED 2,400.50, loan owed AED 1,783.33',
    ]);
  });

  it('asks for the filters chosen, keeps them in the address and clears them', async () => {
    const { requests, user } = setup();
    await screen.findByRole('table');
    await chooseDate(user, 'From', '2026-09-01');
    await chooseDate(user, 'To', '2026-10-31');
    await user.selectOptions(screen.getByLabelText('Kind'), 'Loan repayment');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(statementCalls(requests).at(-1)).toBe(
        '/api/my-statement?from=2026-09-01&to=2026-10-31&kind=repayment',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(statementCalls(requests).at(-1)).toBe('/api/my-statement'));
    expect(dateShown('From')).toEqual(['', '', '']);
    expect(screen.getByLabelText('Kind')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('starts from the filters in the address and says a kind is shown alone', async () => {
    const { requests } = setup(
      {
        'GET /api/my-statement': () => ({
          body: hassan({ kind: 'dues', from: '2026-10-01', to: '2026-10-31' }),
        }),
      },
      '/user/statement?from=2026-10-01&to=2026-10-31&kind=dues',
    );
    expect(
      await screen.findByText('Showing Dues only; the balances are your real balances.'),
    ).toBeInTheDocument();
    expect(statementCalls(requests)).toEqual([
      '/api/my-statement?from=2026-10-01&to=2026-10-31&kind=dues',
    ]);
    expect(dateShown('From')).toEqual(['1', 'October', '2026']);
    expect(screen.getByLabelText('Kind')).toHaveValue('dues');
  });

  it('says which part of a date is missing', async () => {
    const { requests, user } = setup();
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: 'From, Day' }), '2');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Choose the day, the month and the year.')).toBeInTheDocument();
    expect(statementCalls(requests)).toEqual(['/api/my-statement']);
  });

  it('refuses an end date before the start date, beside the field, without asking', async () => {
    const { requests, user } = setup();
    await screen.findByRole('table');
    await chooseDate(user, 'From', '2026-10-02');
    await chooseDate(user, 'To', '2026-10-01');
    // The keyboard alone: Enter on Show applies the filters.
    screen.getByRole('button', { name: 'Show' }).focus();
    await user.keyboard('{Enter}');
    expect(
      await screen.findByText('The end date must be on or after the start date.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'To, Day' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(statementCalls(requests)).toEqual(['/api/my-statement']);
  });

  it('says when there is nothing yet, and when a period has nothing', async () => {
    setup({ 'GET /api/my-statement': () => ({ body: hassan({ lines: [] }) }) });
    expect(await screen.findByText('No movements yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says a filtered period is empty', async () => {
    setup(
      { 'GET /api/my-statement': () => ({ body: hassan({ lines: [] }) }) },
      '/user/statement?from=2026-01-01',
    );
    expect(await screen.findByText('No movements in this period.')).toBeInTheDocument();
  });

  it("shows the server's message and tries again", async () => {
    let calls = 0;
    const { user } = setup({
      'GET /api/my-statement': () =>
        ++calls === 1
          ? {
              status: 500,
              body: { status_code: 500, message: 'Something went wrong on our side.' },
            }
          : { body: hassan() },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
  });

  it.each([
    ['Download PDF', 'pdf'],
    ['Download CSV', 'csv'],
  ])('%s fetches the file of the filters shown with the session', async (button, format) => {
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this);
    });
    const { requests, user } = setup({}, '/user/statement?from=2026-08-01');
    localStorage.setItem('ts_token', 'member-token');
    await user.click(await screen.findByRole('button', { name: button }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]?.download).toBe(`statement-JM000012-2026-08-01-to-2026-11-22.${format}`);
    expect(clicks[0]?.href).toMatch(/^blob:/);
    const call = requests.find((r) => r.url.includes(`format=${format}`));
    expect(call?.url).toBe(`/api/my-statement?format=${format}&from=2026-08-01`);
    expect(call?.headers.get('authorization')).toBe('Bearer member-token');
  });

  it('says so when a download fails', async () => {
    const { user } = setup();
    await screen.findByRole('table');
    stubApi({ 'GET /api/my-statement': () => ({ status: 500, body: {} }) });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('The file could not be loaded.')).toBeInTheDocument();
  });
});

/** Chooses a day in a date field (components/date-field.tsx) as a member does, part by part. */
async function chooseDate(user: UserEvent, label: string, day: string) {
  const [year, month, dayOf] = day.split('-');
  await user.selectOptions(screen.getByRole('combobox', { name: `${label}, Day` }), dayOf!);
  await user.selectOptions(screen.getByRole('combobox', { name: `${label}, Month` }), month!);
  await user.selectOptions(screen.getByRole('combobox', { name: `${label}, Year` }), year!);
}

/** What a date field shows: its day, month and year as read. */
const dateShown = (label: string) =>
  ['Day', 'Month', 'Year'].map((part) => {
    const select = screen.getByRole('combobox', { name: `${label}, ${part}` }) as HTMLSelectElement;
    return select.value === '' ? '' : select.selectedOptions[0]!.textContent;
  });
