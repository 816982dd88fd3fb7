import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StubRequest } from '../../../testing/render.tsx';
import { errorBody } from '../../../testing/api-fixtures.ts';
import { chairProfileBody } from '../../../testing/proposal-fixtures.ts';
import { isolated } from '../../../lib/bidi.ts';
import {
  CSV_HEADER,
  approvedBody,
  assignProposal,
  assignedBody,
  columnsBody,
  createdBody,
  detailBody,
  disagreeBody,
  enbdMapping,
  listBody,
  octoberBody,
  proposedBody,
  settledDetailBody,
  statementBody,
} from '../testing/fixtures.ts';
import { assignToZainab, posts, setupBankPage } from '../testing/setup-bank-page.tsx';

const setup = setupBankPage;
const sentForm = (request: StubRequest) => {
  const form = request.body as FormData;
  const mapping = form.get('mapping');
  return {
    file: (form.get('file') as File | null)?.name,
    bank: form.get('bank'),
    mapping: typeof mapping === 'string' ? (JSON.parse(mapping) as unknown) : mapping,
  };
};

const csvFile = () =>
  new File([`${CSV_HEADER}\r\n03/11/2026,03/11/2026,X,,,200.00,12200.00\r\n`], 'enbd.csv', {
    type: 'text/csv',
  });

async function chooseFile(user: UserEvent, file: File) {
  await user.upload(
    await screen.findByLabelText('The statement (CSV, camt.053 XML or MT940)'),
    file,
  );
}

describe('the bank statements page', () => {
  it('explains what to import before the first statement', async () => {
    const { requests } = setup({
      'GET /api/admin/bank-statements': () => ({ body: listBody([]) }),
    });
    expect(await screen.findByText('No bank statement yet')).toBeInTheDocument();
    expect(
      screen.getByText(/Download the association's account statement for the month/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import the statement' })).toBeEnabled();
    // Nothing to show of a statement, nor of the books against the bank.
    expect(requests.some((r) => r.url.startsWith('/api/admin/reconciliation'))).toBe(false);
    expect(screen.queryByRole('heading', { name: /Matches proposed/ })).not.toBeInTheDocument();
  });

  it('maps a CSV’s columns once, from their names, and imports it with the mapping', async () => {
    let list = [octoberBody()];
    const { user, requests } = setup({
      'GET /api/admin/bank-statements': () => ({ body: listBody(list) }),
      'GET /api/admin/bank-statements/2': () => ({ body: settledDetailBody() }),
      'POST /api/admin/bank-statements/columns': () => ({ body: columnsBody() }),
      'POST /api/admin/bank-statements': () => {
        list = [statementBody(), octoberBody()];
        return { status: 201, body: createdBody() };
      },
    });
    await chooseFile(user, csvFile());
    const mapping = await screen.findByRole('group', { name: 'Which column holds what' });
    // The file's first rows, to check the choices against.
    expect(within(mapping).getByRole('table', { name: "The file's first 4 rows" })).toBeVisible();
    const choice = (name: string) =>
      (within(mapping).getByRole('combobox', { name }) as HTMLSelectElement).value;
    expect(choice('Date of the transaction')).toBe('Transaction Date');
    // A day after the 12th written first: the day comes first.
    expect(choice('How the dates are written')).toBe('dmy');
    expect(
      within(mapping).getByRole('radio', { name: 'Two columns: money in and money out' }),
    ).toBeChecked();
    expect(choice('Money in (credit)')).toBe('Credit');
    expect(choice('Money out (debit)')).toBe('Debit');
    expect(choice('Reference (optional)')).toBe('Reference');
    expect(choice('Description (optional)')).toBe('Description');
    expect(choice('Balance after each line (optional)')).toBe('Balance');
    expect(choice('Decimal mark of the amounts')).toBe('.');

    // The treasurer leaves the reference out and names the bank.
    await user.selectOptions(
      within(mapping).getByRole('combobox', { name: 'Reference (optional)' }),
      '',
    );
    await user.type(screen.getByLabelText("The bank's name (optional)"), 'Emirates NBD');
    await user.click(screen.getByRole('button', { name: 'Import the statement' }));

    const done = await screen.findByRole('heading', { name: 'Statement imported' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.getByText('6 lines read, 6 of them new.')).toBeInTheDocument();
    const [columns, imported] = posts(requests);
    expect(columns!.url).toBe('/api/admin/bank-statements/columns');
    expect(sentForm(imported!)).toEqual({
      file: 'enbd.csv',
      bank: 'Emirates NBD',
      mapping: enbdMapping,
    });
    expect(imported!.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    // The new statement is the one shown.
    expect(
      await screen.findByRole('heading', {
        name: 'Statement of 1 November 2026 – 26 November 2026',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /1 November 2026 – 26 November 2026/ }),
    ).toHaveAttribute('aria-pressed', 'true');
    // The form is empty again, ready for the next.
    expect(
      screen.queryByRole('group', { name: 'Which column holds what' }),
    ).not.toBeInTheDocument();
  });

  it('fills in the choices remembered for the bank, and asks for the order of ambiguous dates', async () => {
    const { user } = setup({
      'POST /api/admin/bank-statements/columns': () => ({
        body: columnsBody({
          sample: [['03/11/2026', '03/11/2026', 'X', '', '', '200.00', '12,200.00']],
          // The file's one date proves no order.
          date_orders: {},
          remembered: {
            bank: 'Emirates NBD',
            mapping: { date: 'Value Date', amount: 'Credit', description: 'Description' },
          },
        }),
      }),
    });
    await chooseFile(user, csvFile());
    const mapping = await screen.findByRole('group', { name: 'Which column holds what' });
    expect(mapping).toHaveTextContent(
      `The choices remembered for ${isolated('Emirates NBD')} are filled in`,
    );
    expect(screen.getByLabelText("The bank's name (optional)")).toHaveValue('Emirates NBD');
    expect(within(mapping).getByRole('combobox', { name: 'Date of the transaction' })).toHaveValue(
      'Value Date',
    );
    expect(within(mapping).getByRole('radio', { name: 'One column, with a sign' })).toBeChecked();
    // 03/11 could be either: asked, never guessed.
    await user.click(screen.getByRole('button', { name: 'Import the statement' }));
    expect(
      await screen.findByText(
        'Choose the order of day, month and year: these dates read either way.',
      ),
    ).toBeVisible();
  });

  it('approves the chosen matches in one step, and says what was done', async () => {
    let detail = detailBody();
    const { user, requests } = setup({
      'GET /api/admin/bank-statements/3': () => ({ body: detail }),
      'POST /api/admin/bank-statements/3/approve': () => {
        detail = detailBody({ matched: detailBody().matched.slice(1, 2) });
        return { body: approvedBody([31, 33]) };
      },
    });
    const matches = await screen.findByRole('region', { name: 'Matches proposed (3)' });
    const items = within(matches).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent("In the bank+AED 2003 November 2026By the member's ID");
    expect(items[0]).toHaveTextContent(
      'Receipt waitingAisha Rahman (JM000011)Dues for November 2026 · AED 200Sent on 3 November 2026',
    );
    expect(items[1]).toHaveTextContent('By the bank reference');
    expect(items[1]).toHaveTextContent('Transferred on 5 November 2026 · Bank reference');
    expect(items[2]).toHaveTextContent('By the name only: check it');
    expect(items[2]).toHaveTextContent('Loan repayment · loan #4 · AED 356.67');
    // All chosen to begin with.
    expect(within(matches).getByRole('button', { name: 'Approve all 3 matches' })).toBeEnabled();
    await user.click(
      within(matches).getByRole('checkbox', {
        name: `Approve ${isolated('Joseph Mathew')}, AED\u00a0200 of 5 November 2026`,
      }),
    );
    expect(within(matches).getByRole('checkbox', { name: 'Choose every match' })).toHaveProperty(
      'indeterminate',
      true,
    );
    expect(within(matches).getByText('2 of 3 chosen')).toBeInTheDocument();
    await user.click(within(matches).getByRole('button', { name: 'Approve 2 chosen' }));

    const done = await screen.findByRole('heading', { name: 'Matches approved' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(
      screen.getByText('2 payments approved, 0 movements linked, none refused.'),
    ).toBeVisible();
    const approve = posts(requests).find((r) => r.url.endsWith('/approve'))!;
    expect(approve.body).toEqual({ lines: [31, 33] });
    expect(approve.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    // Joseph's match is left, all chosen again.
    expect(await screen.findByRole('button', { name: 'Approve the match' })).toBeEnabled();
  });

  it('approves every match with one click, naming each line', async () => {
    const { user, requests } = setup({
      'POST /api/admin/bank-statements/3/approve': () => ({ body: approvedBody([31, 32, 33]) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Approve all 3 matches' }));
    expect(await screen.findByRole('heading', { name: 'Matches approved' })).toBeVisible();
    expect(posts(requests).map((r) => [r.url, r.body])).toEqual([
      ['/api/admin/bank-statements/3/approve', { lines: [31, 32, 33] }],
    ]);
  });

  it('shows the receipts the bank has not seen and the movements missing on either side', async () => {
    setup();
    const unseen = await screen.findByRole('region', {
      name: 'Receipts the bank has not seen (1)',
    });
    expect(unseen).toHaveTextContent(
      'AED 200Omar Haddad (JM000015)Dues for November 2026 · Sent on 10 November 2026Not found in this bank statement',
    );
    expect(within(unseen).getByRole('link', { name: 'Open the review queue' })).toHaveAttribute(
      'href',
      '/admin/payments',
    );
    const other = screen.getByRole('region', { name: 'Payouts and other movements' });
    expect(within(other).getByText('Out of the bank, not in the books (1)')).toBeVisible();
    expect(other).toHaveTextContent('-AED 15.7525 November 2026');
    expect(within(other).getByText('In the books, not in this statement (1)')).toBeVisible();
    expect(other).toHaveTextContent(
      '-AED 2,00012 November 2026Loan paid out · Rahul Nair (JM000003)',
    );
  });

  it('assigns money with no receipt to the member its text names, for the month of the line', async () => {
    let detail = detailBody();
    const { user, requests } = setup({
      'GET /api/admin/bank-statements/3': () => ({ body: detail }),
      'POST /api/admin/bank-lines/34/assign': () => {
        detail = detailBody({ unmatched_lines: detailBody().unmatched_lines.slice(1) });
        return { status: 201, body: assignedBody() };
      },
    });
    const section = await screen.findByRole('region', {
      name: 'Money in the bank with no receipt (1)',
    });
    expect(section).toHaveTextContent('+AED 20020 November 2026');
    await user.click(
      within(section).getByRole('button', { name: 'Assign AED\u00a0200 of 20 November 2026' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Assign money from the bank' });
    // The member ID in the bank's text is looked up, and the one member found is chosen.
    expect(within(dialog).getByLabelText('Member')).toHaveValue('JM000014');
    expect(
      await within(dialog).findByRole('radio', { name: 'Zainab Qasim (JM000014)' }),
    ).toBeChecked();
    expect(
      requests.some((r) => r.url === '/api/admin/members?q=JM000014&status=active&limit=8'),
    ).toBe(true);
    expect(within(dialog).getByRole('radio', { name: "A month's due" })).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Month' })).toHaveValue('2026-11');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    const done = await screen.findByRole('heading', { name: 'Payment recorded' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.getByText('The payment was recorded from the bank line.')).toBeVisible();
    const assign = posts(requests).find((r) => r.url === '/api/admin/bank-lines/34/assign')!;
    expect(assign.body).toEqual({ member_id: 14, period: '2026-11' });
    expect(assign.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() =>
      expect(
        screen.getByRole('region', { name: 'Money in the bank with no receipt (0)' }),
      ).toBeVisible(),
    );
  });

  it('with two admins, an assignment is proposed (202) and waits on its line for the second', async () => {
    let proposals: unknown[] = [];
    const { user } = setup({
      'GET /api/admin/proposals': () => ({ body: { items: proposals } }),
      'POST /api/admin/bank-lines/34/assign': () => {
        proposals = [assignProposal()];
        return { status: 202, body: proposedBody() };
      },
    });
    const { section } = await assignToZainab(user);

    const sent = await screen.findByRole('heading', { name: 'Sent to a second admin' });
    await waitFor(() => expect(sent).toHaveFocus());
    expect(
      screen.getByText('Proposed. A second admin must confirm before the payment is recorded.'),
    ).toBeVisible();
    const waiting = await within(section).findByRole('region', {
      name: 'Proposed: waiting for a second admin',
    });
    expect(
      await within(waiting).findByText(
        `To ${isolated('Zainab Qasim')} (JM000014): Dues for November 2026.`,
      ),
    ).toBeVisible();
    // The proposer cannot confirm it.
    expect(within(waiting).getByText(/You proposed this, so you cannot confirm it/)).toBeVisible();
    expect(within(waiting).queryByRole('button', { name: 'Confirm the payment' })).toBeNull();
    expect(within(section).queryByRole('button', { name: /^Assign/ })).toBeNull();
  });

  it('the second admin confirms the proposed assignment by the same call', async () => {
    let detail = detailBody();
    const { user, requests } = setup({
      'GET /api/profile': () => ({ body: chairProfileBody() }),
      'GET /api/admin/proposals': () => ({ body: { items: [assignProposal()] } }),
      'GET /api/admin/bank-statements/3': () => ({ body: detail }),
      'POST /api/admin/bank-lines/34/assign': () => {
        detail = detailBody({ unmatched_lines: [] });
        return { status: 201, body: assignedBody() };
      },
    });
    const section = await screen.findByRole('region', {
      name: 'Money in the bank with no receipt (1)',
    });
    await user.click(await within(section).findByRole('button', { name: 'Confirm the payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this payment?' });
    expect(dialog).toHaveTextContent(
      `${isolated('Fatima Al Mansoori')} assigned AED 200 of 20 November 2026 to ${isolated('Zainab Qasim')} (JM000014): Dues for November 2026.`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm the payment' }));
    expect(await screen.findByRole('heading', { name: 'Payment recorded' })).toBeVisible();
    const confirm = posts(requests).find((r) => r.url === '/api/admin/bank-lines/34/assign')!;
    expect(confirm.body).toEqual({ member_id: 14, period: '2026-11' });
  });

  it('says when the books and the bank agree', async () => {
    setup({ 'GET /api/admin/bank-statements/3': () => ({ body: settledDetailBody() }) });
    const panel = await screen.findByRole('region', { name: 'The books against the bank' });
    expect(
      await within(panel).findByRole('heading', { name: 'Books and bank agree' }),
    ).toBeVisible();
    expect(panel).toHaveTextContent(
      'At the end of 26 November 2026, the bank and the books both hold AED 12,940.92',
    );
    // The statement's last day, to begin with.
    expect(within(panel).getByRole('combobox', { name: 'At the end of, Day' })).toHaveValue('26');
  });

  it('says what is missing when they do not, and reads another day', async () => {
    const { user, requests } = setup({
      'GET /api/admin/reconciliation': () => ({ body: disagreeBody() }),
    });
    const panel = await screen.findByRole('region', { name: 'The books against the bank' });
    expect(
      await within(panel).findByRole('heading', { name: 'Books and bank do not agree yet' }),
    ).toBeVisible();
    expect(panel).toHaveTextContent(
      'The books and the bank differ by AED 2,215.75: 2 bank lines are not in the books, and 1 movement of the books is not in the bank.',
    );
    expect(within(panel).getByText('In the bank, not in the books (2)')).toBeVisible();
    expect(within(panel).getByText('In the books, not in the bank (1)')).toBeVisible();
    expect(
      within(panel).getByText('Difference (books less bank)').nextElementSibling,
    ).toHaveTextContent('-AED 2,215.75');
    await user.selectOptions(
      within(panel).getByRole('combobox', { name: 'At the end of, Day' }),
      '20',
    );
    await waitFor(() =>
      expect(requests.map((r) => r.url)).toContain(
        '/api/admin/reconciliation?as_of=2026-11-20&limit=10',
      ),
    );
  });

  it('writes large counts of lines as numbers', async () => {
    const detail = detailBody();
    setup({
      'GET /api/admin/bank-statements/3': () => ({
        body: {
          ...detail,
          statement: { ...detail.statement, lines: 10_345 },
          counts: { ...detail.counts, linked: 10_040 },
        },
      }),
    });
    expect(await screen.findByText('10,345 lines, 10,040 in the books')).toBeVisible();
  });

  it('says a statement was imported before (409)', async () => {
    const { user } = setup({
      'POST /api/admin/bank-statements': () =>
        errorBody(409, 'This statement was already imported on 26 November 2026.'),
    });
    await chooseFile(user, new File(['<Document/>'], 'camt053.xml', { type: 'text/xml' }));
    await user.click(screen.getByRole('button', { name: 'Import the statement' }));
    const heading = await screen.findByRole('heading', {
      name: 'This statement was imported before',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This statement was already imported on 26 November 2026.',
    );
  });

  it('lists each line to correct when the file is refused (422), and nothing is imported', async () => {
    const { user } = setup({
      'POST /api/admin/bank-statements/columns': () => ({ body: columnsBody() }),
      'POST /api/admin/bank-statements': () =>
        errorBody(422, 'Nothing was imported: 3 problems need correcting first.', {
          'line 7: Transaction Date': [
            'There is no such day as 20/13/2026: check which comes first in the dates, the day or the month.',
          ],
          'line 7: Credit': [
            'The amount 2OO is not a number: check that this is an amount column, and which mark separates its decimals.',
          ],
          'line 12': ['This line is in another currency than AED.'],
        }),
    });
    await chooseFile(user, csvFile());
    await screen.findByRole('group', { name: 'Which column holds what' });
    await user.click(screen.getByRole('button', { name: 'Import the statement' }));
    const heading = await screen.findByRole('heading', {
      name: 'Nothing was imported: the file has lines to correct',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Nothing was imported: 3 problems need correcting first.',
    );
    const lines = within(screen.getByRole('list', { name: 'Lines to correct' }))
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.getAttribute('aria-label') === 'Lines to correct');
    expect(lines.map((l) => l.textContent)).toEqual([
      'Line 7Transaction Date: There is no such day as 20/13/2026: check which comes first in the dates, the day or the month.Credit: The amount 2OO is not a number: check that this is an amount column, and which mark separates its decimals.',
      'Line 12This line is in another currency than AED.',
    ]);
    // The mapping stays, to be corrected and sent again.
    expect(screen.getByRole('group', { name: 'Which column holds what' })).toBeVisible();
  });

  it('shows an error with a retry when the statements cannot be listed', async () => {
    let calls = 0;
    const { user } = setup({
      'GET /api/admin/bank-statements': () =>
        ++calls === 1
          ? errorBody(500, 'Something went wrong on our side.')
          : { body: listBody([]) },
    });
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No bank statement yet')).toBeInTheDocument();
  });

  it('shows the statement the address names', async () => {
    setup(
      {
        'GET /api/admin/bank-statements': () => ({
          body: listBody([statementBody(), octoberBody()]),
        }),
        'GET /api/admin/bank-statements/2': () => ({
          body: { ...settledDetailBody(), statement: octoberBody() },
        }),
      },
      '/admin/bank?statement=2',
    );
    expect(
      await screen.findByRole('heading', { name: 'Statement of 1 October 2026 – 31 October 2026' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /1 October 2026 – 31 October 2026/ }),
    ).toHaveAttribute('aria-pressed', 'true');
  });
});
