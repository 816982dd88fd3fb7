import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isolated } from '../../../lib/bidi.ts';
import { detailBody, line, ZAINAB_LINE } from '../testing/fixtures.ts';
import { setupBankPage as setup } from '../testing/setup-bank-page.tsx';
import { errorBody } from '../../../testing/api-fixtures.ts';

// Issue 51, point 5: a statement of any size. Its page holds the first page of each part and
// how many each holds; "Show more" asks for the next page of that part, after the last line
// shown, and says so when it cannot come.

const DEPOSIT = line({ id: 36, booked_on: '2026-11-21', amount: 150, text: 'CASH DEPOSIT' });
const LATER = line({ id: 37, booked_on: '2026-11-22', amount: 75, text: 'ATM DEPOSIT' });

/** The first page: two of the three lines of money in with no receipt. */
const firstPage = () => {
  const d = detailBody({ unmatched_lines: [ZAINAB_LINE, DEPOSIT] });
  return { ...d, counts: { ...d.counts, credits: 3 } };
};

/** The page after the line `after`: the one line left. */
const nextPage = () =>
  detailBody({
    matched: [],
    unmatched_lines: [LATER],
    unmatched_payments: [],
    unmatched_entries: [],
  });

const credits = () =>
  screen.findByRole('region', { name: 'Money in the bank with no receipt (3)' });

describe('a long statement, page by page', () => {
  it('shows how many lines a part holds, and asks for the next page after the last one shown', async () => {
    const { user, requests } = setup({
      'GET /api/admin/bank-statements/3': (req) => ({
        body: req.url.includes('section=credits') ? nextPage() : firstPage(),
      }),
    });
    const section = await credits();
    expect(within(section).getAllByRole('listitem')).toHaveLength(2);
    expect(requests.map((r) => r.url)).toContain('/api/admin/bank-statements/3?limit=50');

    await user.click(within(section).getByRole('button', { name: 'Show 1 more' }));
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(3));
    expect(within(section).getAllByRole('listitem')[2]).toHaveTextContent(/AED\s75.*ATM DEPOSIT/);
    expect(requests.map((r) => r.url)).toContain(
      '/api/admin/bank-statements/3?section=credits&after=36&limit=50',
    );
    expect(within(section).queryByRole('button', { name: /^Show/ })).toBeNull();
  });

  it('says why the next page did not come, and asks again', async () => {
    let isDown = true;
    const { user } = setup({
      'GET /api/admin/bank-statements/3': (req) => {
        if (!req.url.includes('section=credits')) return { body: firstPage() };
        return isDown
          ? errorBody(503, 'The server is busy. Try again in a minute.')
          : { body: nextPage() };
      },
    });
    const section = await credits();
    await user.click(within(section).getByRole('button', { name: 'Show 1 more' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'The server is busy. Try again in a minute.',
    );
    expect(within(section).getAllByRole('listitem')).toHaveLength(2);

    isDown = false;
    await user.click(within(section).getByRole('button', { name: 'Show 1 more' }));
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(3));
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it('keeps a match unticked when the next page of matches comes, and chooses the new ones', async () => {
    const all = detailBody().matched;
    const first = () => {
      const d = detailBody({ matched: all.slice(0, 2) });
      return { ...d, counts: { ...d.counts, matched: 3 } };
    };
    const { user } = setup({
      'GET /api/admin/bank-statements/3': (req) => ({
        body: req.url.includes('section=matched')
          ? detailBody({ matched: all.slice(2), unmatched_lines: [], unmatched_payments: [] })
          : first(),
      }),
    });
    const matches = await screen.findByRole('region', { name: 'Matches proposed (3)' });
    const joseph = `Approve ${isolated('Joseph Mathew')}, AED\u00a0200 of 5 November 2026`;
    await user.click(within(matches).getByRole('checkbox', { name: joseph }));
    expect(within(matches).getByText('1 of 2 chosen')).toBeInTheDocument();
    await user.click(within(matches).getByRole('button', { name: 'Show 1 more' }));
    await waitFor(() => expect(within(matches).getAllByRole('listitem')).toHaveLength(3));
    expect(within(matches).getByRole('checkbox', { name: joseph })).not.toBeChecked();
    expect(within(matches).getByText('2 of 3 chosen')).toBeInTheDocument();
    expect(within(matches).getByRole('button', { name: 'Approve 2 chosen' })).toBeEnabled();
  });
});
