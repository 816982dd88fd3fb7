import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicSettings } from '@jamiya/contracts/settings';
import { settingsBody } from '../../../testing/api-fixtures.ts';
import { accountBody, rahulRows, stubObjectUrls } from '../testing/fixtures.ts';
import { setupMonthlyPay } from '../testing/monthly-pay-page.tsx';
import type { MonthlyRow as Row } from '../lib/fines.ts';

// November 2026 is this month (pay_now), October an earlier one still due (rahulRows): both
// are fined on the 16th unless paid, 15 grace days after their due day, the 1st.
const NOVEMBER = 0;
const OCTOBER = 1;

/** Rahul's months, with what the test says of each (by its index in rahulRows). */
function rowsWith(changes: Record<number, Partial<Row>>): Row[] {
  return rahulRows().map((row, index) => ({ ...row, ...changes[index] }));
}

const withFineDays = () =>
  rowsWith({
    [NOVEMBER]: { fine_on: '2026-11-16' },
    [OCTOBER]: { fine_on: '2026-10-16', fine: 10, remaining: 210 },
  });

function open(
  rows: Row[],
  { dues = {}, more = {} }: { dues?: Partial<PublicSettings['dues_rules']>; more?: object } = {},
) {
  const settings = settingsBody();
  return setupMonthlyPay({
    handlers: {
      'GET /api/my-account-data': () => ({ body: accountBody(rows) }),
      'GET /api/settings': () => ({
        body: { ...settings, dues_rules: { ...settings.dues_rules, ...dues } },
      }),
      ...more,
    },
  });
}

const monthRow = async (label: string) => {
  const list = await screen.findByRole('region', { name: 'Monthly dues' });
  const row = await waitFor(() => {
    const found = within(list)
      .getAllByRole('listitem')
      .find((li) => li.querySelector('p')?.textContent === label);
    if (!found) throw new Error(`no row for ${label}`);
    return found;
  });
  return within(row);
};

beforeEach(() => {
  stubObjectUrls();
  // The 5th of November in Dubai: this month's fine day, the 16th, is to come.
  vi.useFakeTimers({ now: new Date('2026-11-05T08:00:00Z'), toFake: ['Date'] });
});

describe("a month's due day and late fine", () => {
  it('shows the day a month falls due, but not on a month paid', async () => {
    open(rahulRows());
    expect((await monthRow('November 2026')).getByText('Due 1 November 2026')).toBeVisible();
    expect((await monthRow('October 2026')).getByText('Due 1 October 2026')).toBeVisible();
    expect((await monthRow('August 2026')).queryByText(/^Due /)).not.toBeInTheDocument();
  });

  it('shows a fine on its row, with the month and its fine as what is owed', async () => {
    open(
      rowsWith({
        [OCTOBER]: { fine: 10, remaining: 210 },
        [NOVEMBER]: { fine: 5, fine_waived: 5, remaining: 205 },
      }),
    );
    const october = await monthRow('October 2026');
    expect(october.getByText('Late fine AED 10')).toBeVisible();
    expect(october.getByText('AED 210')).toBeVisible();
    expect(october.queryByText(/waived/)).not.toBeInTheDocument();

    const november = await monthRow('November 2026');
    expect(november.getByText('Late fine AED 5')).toBeVisible();
    expect(november.getByText('Fine waived: AED 5')).toBeVisible();
  });

  it('says a fine was waived, all of it, on a month paid', async () => {
    const rows = rahulRows();
    rows[3] = { ...rows[3]!, fine_waived: 10 };
    open(rows);
    const august = await monthRow('August 2026');
    expect(august.getByText('Fine waived: AED 10')).toBeVisible();
    expect(august.queryByText(/^Late fine/)).not.toBeInTheDocument();
    expect(august.getByText('AED 200')).toBeVisible();
  });

  it('warns of the fine to come: its day, and the amount the association fines', async () => {
    open(withFineDays());
    // The warning's code comes after the rows (monthly-rows.tsx loads it when a month needs it).
    expect(
      await (
        await monthRow('November 2026')
      ).findByText('A late fine of AED 10 on 16 November 2026 if still unpaid.'),
    ).toBeVisible();
  });

  it("warns of a percentage of the month's due, rounded to the fil", async () => {
    const rows = withFineDays();
    rows[NOVEMBER] = { ...rows[NOVEMBER]!, amount: 333.33, remaining: 333.33 };
    open(rows, { dues: { fine_amount: 10, fine_percent: 5 } });
    expect(
      await (
        await monthRow('November 2026')
      ).findByText('A late fine of AED 16.67 on 16 November 2026 if still unpaid.'),
    ).toBeVisible();
  });

  it('warns of no fine on a month paid, under review, or that no fine falls on', async () => {
    open(
      rowsWith({
        [NOVEMBER]: { fine_on: '2026-11-16' },
        [OCTOBER]: { fine_on: null },
        2: { fine_on: '2026-09-16' },
        3: { fine_on: '2026-08-16' },
      }),
    );
    // November's warning first: the warning's code has come, so what follows is not only its wait.
    expect(await (await monthRow('November 2026')).findByText(/if still unpaid/)).toBeVisible();
    for (const month of ['October 2026', 'September 2026', 'August 2026']) {
      const row = await monthRow(month);
      expect(row.queryByText(/if still unpaid/)).not.toBeInTheDocument();
      expect(row.queryByRole('button', { name: /salary is late/ })).not.toBeInTheDocument();
    }
  });
});

describe('paying a fined month', () => {
  it('asks the due with its fine together', async () => {
    const { user } = open(withFineDays());
    await user.click(
      (await monthRow('October 2026')).getByRole('button', {
        name: 'Pay the due for October 2026',
      }),
    );
    const form = within(await screen.findByRole('dialog', { name: 'Monthly Payment' }));
    expect(form.getByLabelText('Amount (AED)')).toHaveValue(210);
    expect(form.getByText('The due for October 2026 is AED 210.')).toBeVisible();
  });

  it('says what is left of it once part paid', async () => {
    const rows = withFineDays();
    rows[OCTOBER] = { ...rows[OCTOBER]!, paid: 200, remaining: 10 };
    const { user } = open(rows);
    const october = await monthRow('October 2026');
    expect(october.getByText('Part paid: AED 200 of AED 210')).toBeVisible();
    await user.click(october.getByRole('button', { name: 'Pay the due for October 2026' }));
    const form = within(await screen.findByRole('dialog', { name: 'Monthly Payment' }));
    expect(form.getByLabelText('Amount (AED)')).toHaveValue(10);
    expect(
      form.getByText(
        'The due for October 2026 is AED 210. Already paid: AED 200. Left to pay: AED 10.',
      ),
    ).toBeVisible();
  });
});

// The warning and its button come after the rows, with their code (monthly-rows.tsx loads it
// for the first month that needs it): each test waits for them, whichever test ran before.
describe('"My salary is late"', () => {
  it('tells the server with a key, says what it answered and shows the month again', async () => {
    let flagged = false;
    const message =
      'Noted: your salary is late. If November 2026 is still unpaid on 20 November 2026, the late fine is charged then.';
    const { requests, user } = open([], {
      more: {
        'GET /api/my-account-data': () => ({
          body: accountBody(
            rowsWith({
              [NOVEMBER]: flagged
                ? { fine_on: '2026-11-20', salary_late_on: '2026-11-05' }
                : { fine_on: '2026-11-16' },
            }),
          ),
        }),
        'POST /api/my-dues/2026-11/salary-late': () => {
          flagged = true;
          return { body: { message, fine_on: '2026-11-20' } };
        },
      },
    });

    const november = await monthRow('November 2026');
    await user.click(
      await november.findByRole('button', { name: 'My salary is late for November 2026' }),
    );

    expect(await screen.findByText(message)).toBeInTheDocument();
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.url)).toEqual(['/api/my-dues/2026-11/salary-late']);
    expect(posts[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    expect(await november.findByText('Salary late noted on 5 November 2026.')).toBeVisible();
    expect(
      november.getByText('A late fine of AED 10 on 20 November 2026 if still unpaid.'),
    ).toBeVisible();
    expect(november.queryByRole('button', { name: /salary is late/ })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/api/my-account-data')).toHaveLength(2);
  });

  it('is offered for each month owed before its fine day, with what it does', async () => {
    open(withFineDays(), { dues: { grace_days: 15 } });
    const november = await monthRow('November 2026');
    const button = await november.findByRole('button', {
      name: 'My salary is late for November 2026',
    });
    expect(button).toHaveAccessibleDescription(
      'Salary late? Tell us before that day (once a month) and the fine waits 15 days from the day you tell us.',
    );
    button.focus();
    expect(button).toHaveFocus();
    // October's fine day has come: too late to say so.
    expect(
      (await monthRow('October 2026')).queryByRole('button', { name: /salary is late/ }),
    ).not.toBeInTheDocument();
  });

  it('is not offered on a month paid, under review, or already said', async () => {
    open(
      rowsWith({
        [NOVEMBER]: { fine_on: '2026-11-20', salary_late_on: '2026-11-03' },
        2: { fine_on: '2026-11-16' },
        3: { fine_on: '2026-11-16' },
      }),
    );
    const november = await monthRow('November 2026');
    expect(await november.findByText('Salary late noted on 3 November 2026.')).toBeVisible();
    expect(november.queryByRole('button', { name: /salary is late/ })).not.toBeInTheDocument();
    for (const month of ['September 2026', 'August 2026'])
      expect(
        (await monthRow(month)).queryByRole('button', { name: /salary is late/ }),
      ).not.toBeInTheDocument();
  });

  it("shows the server's refusal and reads the months again", async () => {
    const message = 'You already said your salary was late for November 2026.';
    const { requests, user } = open(withFineDays(), {
      more: {
        'POST /api/my-dues/2026-11/salary-late': () => ({
          status: 409,
          body: { status_code: 409, message },
        }),
      },
    });
    await user.click(
      await (
        await monthRow('November 2026')
      ).findByRole('button', { name: 'My salary is late for November 2026' }),
    );
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.filter((r) => r.url === '/api/my-account-data')).toHaveLength(2),
    );
  });

  it('waits for a network, and says so', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    open(withFineDays());
    const november = await monthRow('November 2026');
    expect(
      await november.findByRole('button', { name: 'My salary is late for November 2026' }),
    ).toBeDisabled();
    expect(
      november.getByText(
        'You are offline. This needs a connection: try again when you are back online.',
      ),
    ).toBeVisible();
  });
});

describe('a month the member’s leaving closed', () => {
  it('says it was closed, not paid', async () => {
    open(
      rowsWith({
        [NOVEMBER]: { status: 'completed', remaining: 0, description: 'Settled when you left' },
      }),
    );
    const november = await monthRow('November 2026');
    expect(november.getByText('Closed when you left')).toBeInTheDocument();
    expect(november.queryByText('Monthly due paid')).not.toBeInTheDocument();
  });
});
