import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupPage, type StubRequest } from '../../../testing/render.tsx';
import { errorBody } from '../../../testing/api-fixtures.ts';
import { adminProfileBody, AMINA } from '../../../testing/admin-fixtures.ts';
import { chairProfileBody, FATIMA, proposalBody } from '../../../testing/proposal-fixtures.ts';
import { chartBody, entry, listBody, trialBalanceBody } from '../testing/fixtures.ts';
import { LedgerPage } from './ledger-page.tsx';

type Handlers = Parameters<typeof setupPage>[1];

const due = entry({ reversible: true });

function setup(handlers: Handlers = {}) {
  return setupPage(
    <LedgerPage />,
    {
      'GET /api/admin/ledger/trial-balance': () => ({ body: trialBalanceBody() }),
      'GET /api/admin/ledger/entries': () => ({ body: listBody([due]) }),
      'GET /api/admin/accounts': () => ({ body: chartBody() }),
      'GET /api/admin/proposals': () => ({ body: { items: [] } }),
      'GET /api/profile': () => ({ body: adminProfileBody() }),
      ...handlers,
    },
    { path: '/admin/ledger' },
  );
}

const reversals = (requests: StubRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.url.startsWith('/api/admin/journal-entries'));

/** The server's answer once entry #7 (dues, payment #11) is corrected by entry #30. */
const corrected = () => ({
  body: {
    message: 'The entry was corrected.',
    entry_id: 7,
    reversal_entry_id: 30,
    payment_id: 11,
    line_id: null,
  },
});

async function openDialog(user: ReturnType<typeof setupPage>['user']) {
  const journal = within(await screen.findByRole('region', { name: 'Journal' }));
  await user.click(await journal.findByRole('button', { name: 'Correct (reverse)…' }));
  return within(screen.getByRole('dialog', { name: 'Correct entry #7' }));
}

describe('correcting an entry', () => {
  it('asks why, in words and a sentence, then shows the correction and the month open again', async () => {
    const { user, requests } = setup({
      'POST /api/admin/journal-entries/7/reverse': corrected,
    });
    const dialog = await openDialog(user);
    expect(dialog.getByRole('radio', { name: 'Recorded twice' })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Correct it' }));
    expect(await dialog.findByText('Choose why it is corrected.')).toBeInTheDocument();
    expect(dialog.getByText('Say why it is corrected.')).toBeInTheDocument();
    expect(reversals(requests)).toEqual([]);
    await user.click(dialog.getByRole('radio', { name: 'Wrong month' }));
    await user.type(
      dialog.getByLabelText('In a sentence'),
      'Paid for December, approved as November.',
    );
    await user.click(dialog.getByRole('button', { name: 'Correct it' }));
    expect(await dialog.findByText('The entry was corrected.')).toBeInTheDocument();
    expect(
      dialog.getByText(
        'Entry #7 is corrected by entry #30, which reverses it. Both stay in the journal.',
      ),
    ).toBeInTheDocument();
    expect(
      dialog.getByText("The member's payment is marked reversed: its month is open again."),
    ).toBeInTheDocument();
    expect(reversals(requests).map((r) => [r.url, r.body])).toEqual([
      [
        '/api/admin/journal-entries/7/reverse',
        { reason_code: 'wrong_month', reason: 'Paid for December, approved as November.' },
      ],
    ]);
    expect(reversals(requests)[0]!.headers.get('idempotency-key')).toBeTruthy();
  });

  it("says a booking's bank line is open again", async () => {
    const { user } = setup({
      'POST /api/admin/journal-entries/7/reverse': () => ({
        body: {
          message: 'The entry was corrected.',
          entry_id: 7,
          reversal_entry_id: 31,
          payment_id: null,
          line_id: 55,
        },
      }),
    });
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('radio', { name: 'Wrong account' }));
    await user.type(
      dialog.getByLabelText('In a sentence'),
      'Booked to stationery, was a bank charge.',
    );
    await user.click(dialog.getByRole('button', { name: 'Correct it' }));
    expect(
      await dialog.findByText(/Bank line #55 is open again, to link or to book\./),
    ).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'Open the bank statements' })).toHaveAttribute(
      'href',
      '/admin/bank',
    );
  });

  it('proposes it when two admins are needed, and the journal says it waits', async () => {
    const proposal = proposalBody({
      id: 41,
      action: 'entry.reverse',
      loan_id: null,
      member: AMINA,
      amount: 200.5,
      details: { entryId: 7, reasonCode: 'duplicate', reason: 'Approved twice.' },
    });
    let proposals: unknown[] = [];
    const { user } = setup({
      'GET /api/admin/proposals': () => ({ body: { items: proposals } }),
      'POST /api/admin/journal-entries/7/reverse': () => {
        proposals = [proposal];
        return {
          status: 202,
          body: {
            message: 'Proposed: a second admin must confirm this correction.',
            pending_confirmation: true,
            proposal,
          },
        };
      },
    });
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('radio', { name: 'Recorded twice' }));
    await user.type(dialog.getByLabelText('In a sentence'), 'Approved twice.');
    await user.click(dialog.getByRole('button', { name: 'Correct it' }));
    expect(
      await dialog.findByText('Proposed: a second admin must confirm this correction.'),
    ).toBeInTheDocument();
    expect(dialog.getByText(/A second admin confirms it from the Books page/)).toBeInTheDocument();
    await user.click(dialog.getAllByRole('button', { name: 'Close' }).at(-1)!);
    const journal = within(screen.getByRole('region', { name: 'Journal' }));
    expect(
      await journal.findByText(
        'Correction proposed by Fatima Al Mansoori: waiting for a second admin.',
      ),
    ).toBeInTheDocument();
    expect(journal.queryByRole('button', { name: 'Correct (reverse)…' })).not.toBeInTheDocument();
    // The proposer reads it among what waits, and may withdraw it, not confirm it.
    const waiting = within(screen.getByRole('region', { name: 'Waiting for a second admin' }));
    expect(
      waiting.getByText('Correct entry #7. Why: Recorded twice. \u2068Approved twice.\u2069'),
    ).toBeInTheDocument();
    expect(waiting.getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(waiting.queryByRole('button', { name: 'Confirm the correction' })).toBeNull();
  });

  it('keeps a refusal written in the dialog', async () => {
    const refusal = 'This entry was corrected already: by entry #30.';
    const { user } = setup({
      'POST /api/admin/journal-entries/7/reverse': () => errorBody(409, refusal),
    });
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('radio', { name: 'Another reason' }));
    await user.type(dialog.getByLabelText('In a sentence'), 'Test.');
    await user.click(dialog.getByRole('button', { name: 'Correct it' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(refusal);
    expect(dialog.getByRole('button', { name: 'Correct it' })).toBeInTheDocument();
  });
});

describe('what waits for a second admin in the books', () => {
  const reversal = proposalBody({
    id: 41,
    action: 'entry.reverse',
    loan_id: null,
    member: AMINA,
    amount: 200.5,
    reason: null,
    details: { entryId: 7, reasonCode: 'wrong_member', reason: 'It was Rahul’s.' },
    proposed_by: FATIMA,
  });
  const handEntry = proposalBody({
    id: 42,
    action: 'journal.post',
    loan_id: null,
    member: null,
    amount: 40,
    details: {
      date: '2026-11-20',
      memo: 'Stationery from the cash box',
      lines: [
        { account: 'stationery', debit: 40 },
        { account: 'cash_box', credit: 40 },
      ],
      evidenceFileId: 12,
    },
    proposed_by: FATIMA,
  });

  it('lets another admin confirm a correction and an entry by making the same call', async () => {
    const { user, requests } = setup({
      'GET /api/profile': () => ({ body: chairProfileBody() }),
      'GET /api/admin/proposals': () => ({ body: { items: [reversal, handEntry] } }),
      'POST /api/admin/journal-entries/7/reverse': corrected,
      'POST /api/admin/journal-entries': () => ({
        status: 201,
        body: { message: 'The entry was posted.', entry_id: 33 },
      }),
    });
    const waiting = within(
      await screen.findByRole('region', { name: 'Waiting for a second admin' }),
    );
    expect(waiting.getByText('Dated 20 November 2026')).toBeInTheDocument();
    expect(waiting.getByRole('cell', { name: 'Stationery and printing' })).toBeInTheDocument();
    await user.click(waiting.getByRole('button', { name: 'Confirm the correction' }));
    let dialog = within(screen.getByRole('dialog', { name: 'Confirm the correction' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The entry was corrected.')).toBeInTheDocument();
    await user.click(waiting.getByRole('button', { name: 'Confirm the entry' }));
    dialog = within(screen.getByRole('dialog', { name: 'Confirm the entry' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The entry was posted.')).toBeInTheDocument();
    await waitFor(() => expect(reversals(requests)).toHaveLength(2));
    expect(reversals(requests).map((r) => [r.url, r.body])).toEqual([
      [
        '/api/admin/journal-entries/7/reverse',
        { reason_code: 'wrong_member', reason: 'It was Rahul’s.' },
      ],
      [
        '/api/admin/journal-entries',
        {
          date: '2026-11-20',
          memo: 'Stationery from the cash box',
          lines: [
            { account: 'stationery', debit: 40 },
            { account: 'cash_box', credit: 40 },
          ],
        },
      ],
    ]);
  });
});
