import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setupPage, type StubRequest } from '../../../testing/render.tsx';
import { errorBody } from '../../../testing/api-fixtures.ts';
import { adminProfileBody, AMINA } from '../../../testing/admin-fixtures.ts';
import { proposalBody } from '../../../testing/proposal-fixtures.ts';
import { dubaiToday } from '../../../lib/today.ts';
import { chartBody, listBody } from '../testing/fixtures.ts';
import { NewEntryPage } from './new-entry-page.tsx';

type Handlers = Parameters<typeof setupPage>[1];
type User = ReturnType<typeof userEvent.setup>;

function setup(handlers: Handlers = {}) {
  return setupPage(
    <NewEntryPage />,
    {
      'GET /api/admin/accounts': () => ({ body: chartBody() }),
      'GET /api/profile': () => ({ body: adminProfileBody() }),
      'POST /api/admin/journal-entries': () => ({
        status: 201,
        body: { message: 'The entry was posted.', entry_id: 21 },
      }),
      ...handlers,
    },
    { path: '/admin/ledger/new-entry' },
  );
}

const posts = (requests: StubRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.url === '/api/admin/journal-entries');
const line = (n: number) => within(screen.getByRole('group', { name: `Line ${n}` }));

async function fill(
  user: User,
  n: number,
  account: string,
  side: 'Debit' | 'Credit',
  amount: string,
) {
  await user.selectOptions(line(n).getByLabelText('Account'), account);
  await user.type(line(n).getByLabelText(`${side} (AED)`), amount);
}

describe('an entry by hand', () => {
  it('shows the difference while it does not balance, and sends nothing', async () => {
    const { user, requests } = setup();
    await screen.findByRole('group', { name: 'Line 1' });
    await user.type(screen.getByLabelText('What it is for'), 'Stationery from the cash box');
    await fill(user, 1, 'stationery', 'Debit', '40');
    expect(
      screen.getByText('Not balanced: the debits and credits differ by AED 40.'),
    ).toBeInTheDocument();
    await fill(user, 2, 'cash_box', 'Credit', '35.50');
    expect(
      screen.getByText('Not balanced: the debits and credits differ by AED 4.50.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post the entry' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not balanced: the debits and credits differ by AED 4.50.',
    );
    expect(posts(requests)).toEqual([]);
  });

  it('posts a balanced entry with its lines, as JSON, and says it is in the journal', async () => {
    const { user, requests } = setup();
    await screen.findByRole('group', { name: 'Line 1' });
    await user.type(screen.getByLabelText('What it is for'), 'Stationery from the cash box');
    await user.click(screen.getByRole('button', { name: 'Add a line' }));
    await fill(user, 1, 'stationery', 'Debit', '40');
    await fill(user, 2, 'bank_charges', 'Debit', '2.25');
    await fill(user, 3, 'cash_box', 'Credit', '42.25');
    expect(screen.getByText('Balanced: the debits equal the credits.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post the entry' }));
    expect(
      await screen.findByRole('heading', { name: 'Entry #21 is in the journal' }),
    ).toBeInTheDocument();
    expect(screen.getByText('The entry was posted.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the journal' })).toHaveAttribute(
      'href',
      '/admin/ledger',
    );
    expect(posts(requests)).toHaveLength(1);
    expect(posts(requests)[0]!.body).toEqual({
      date: dubaiToday(),
      memo: 'Stationery from the cash box',
      lines: [
        { account: 'stationery', debit: 40 },
        { account: 'bank_charges', debit: 2.25 },
        { account: 'cash_box', credit: 42.25 },
      ],
    });
    expect(posts(requests)[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    await user.click(screen.getByRole('button', { name: 'Make another entry' }));
    expect(await screen.findByLabelText('What it is for')).toHaveValue('');
  });

  it('takes a line away and keeps what the others hold, then posts them', async () => {
    const { user, requests } = setup();
    await screen.findByRole('group', { name: 'Line 1' });
    await user.type(screen.getByLabelText('What it is for'), 'Bank fee');
    await user.click(screen.getByRole('button', { name: 'Add a line' }));
    await fill(user, 1, 'bank_charges', 'Debit', '26.25');
    await fill(user, 2, 'stationery', 'Debit', '9');
    await fill(user, 3, 'cash', 'Credit', '26.25');
    await user.click(line(2).getByRole('button', { name: 'Remove the line' }));
    expect(screen.queryByRole('group', { name: 'Line 3' })).not.toBeInTheDocument();
    expect(line(2).getByLabelText('Account')).toHaveValue('cash');
    expect(line(2).getByLabelText('Credit (AED)')).toHaveValue(26.25);
    expect(line(2).getByLabelText('Debit (AED)')).toHaveValue(null);
    // Two lines are the least an entry has: neither can be taken away now.
    expect(screen.queryByRole('button', { name: 'Remove the line' })).not.toBeInTheDocument();
    expect(screen.getByText('Balanced: the debits equal the credits.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post the entry' }));
    await screen.findByRole('heading', { name: 'Entry #21 is in the journal' });
    expect(posts(requests)[0]!.body).toMatchObject({
      lines: [
        { account: 'bank_charges', debit: 26.25 },
        { account: 'cash', credit: 26.25 },
      ],
    });
  });

  it("posts to a member's savings, chosen by a search, and shows the proposal for a second admin", async () => {
    const proposal = proposalBody({
      id: 40,
      action: 'journal.post',
      loan_id: null,
      member: AMINA,
      amount: 25,
      details: {
        date: '2026-11-20',
        memo: 'Cash handed in at the meeting',
        lines: [
          { account: 'cash_box', debit: 25 },
          { account: 'savings:2', credit: 25 },
        ],
        evidenceFileId: null,
      },
    });
    const { user, requests } = setup({
      'GET /api/admin/members': () => ({
        body: listBody([{ ...memberRow(), ...AMINA }]),
      }),
      'POST /api/admin/journal-entries': () => ({
        status: 202,
        body: {
          message: 'Proposed: a second admin must confirm this entry.',
          pending_confirmation: true,
          proposal,
        },
      }),
    });
    await screen.findByRole('group', { name: 'Line 1' });
    await user.type(screen.getByLabelText('What it is for'), 'Cash handed in at the meeting');
    await fill(user, 1, 'cash_box', 'Debit', '25');
    await user.selectOptions(line(2).getByLabelText('Account'), 'savings');
    await user.type(line(2).getByLabelText('Member'), 'Amina');
    await user.click(await line(2).findByRole('button', { name: /Amina Rahman/ }));
    expect(line(2).getByText('Amina Rahman')).toBeInTheDocument();
    await user.type(line(2).getByLabelText('Credit (AED)'), '25');
    await user.click(screen.getByRole('button', { name: 'Post the entry' }));
    expect(
      await screen.findByRole('heading', { name: 'The entry is proposed' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Proposed: a second admin must confirm this entry.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(
      screen.getByRole('cell', {
        name: /^Savings of \u2068Amina Rahman\u2069 \(\u2068JM000002\u2069\)$/,
      }),
    ).toBeInTheDocument();
    expect(posts(requests)[0]!.body).toMatchObject({
      lines: [
        { account: 'cash_box', debit: 25 },
        { account: 'savings:2', credit: 25 },
      ],
    });
    expect(requests.find((r) => r.url.startsWith('/api/admin/members'))?.url).toBe(
      '/api/admin/members?q=Amina&limit=8',
    );
  });

  it('sends the receipt with the entry as a form, the lines as JSON', async () => {
    const { user, requests } = setup();
    await screen.findByRole('group', { name: 'Line 1' });
    await user.type(screen.getByLabelText('What it is for'), 'AGM hall');
    await fill(user, 1, 'bank_charges', 'Debit', '300');
    await fill(user, 2, 'cash', 'Credit', '300');
    const receipt = new File(['%PDF-1.4'], 'hall.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Receipt (optional)'), receipt);
    await user.click(screen.getByRole('button', { name: 'Post the entry' }));
    await screen.findByRole('heading', { name: 'Entry #21 is in the journal' });
    const form = posts(requests)[0]!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('memo')).toBe('AGM hall');
    expect(JSON.parse(form.get('lines') as string)).toEqual([
      { account: 'bank_charges', debit: 300 },
      { account: 'cash', credit: 300 },
    ]);
    expect((form.get('evidence') as File).name).toBe('hall.pdf');
  });

  it("shows the server's refusal and its field errors beside the lines", async () => {
    const { user } = setup({
      'POST /api/admin/journal-entries': () =>
        errorBody(422, 'The account is retired: it takes no new posting.', {
          'lines.0.account': ['The account is retired: it takes no new posting.'],
        }),
    });
    await screen.findByRole('group', { name: 'Line 1' });
    await user.type(screen.getByLabelText('What it is for'), 'Stationery');
    await fill(user, 1, 'stationery', 'Debit', '10');
    await fill(user, 2, 'cash_box', 'Credit', '10');
    await user.click(screen.getByRole('button', { name: 'Post the entry' }));
    await waitFor(() =>
      expect(line(1).getByLabelText('Account')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(
      line(1).getByText('The account is retired: it takes no new posting.'),
    ).toBeInTheDocument();
  });

  it('checks each line before sending: an account and an amount', async () => {
    const { user, requests } = setup();
    await screen.findByRole('group', { name: 'Line 1' });
    await user.type(screen.getByLabelText('What it is for'), 'Stationery');
    await user.type(line(1).getByLabelText('Debit (AED)'), '10');
    await fill(user, 2, 'cash_box', 'Credit', '10');
    await user.click(screen.getByRole('button', { name: 'Post the entry' }));
    expect(await line(1).findByText('Choose an account.')).toBeInTheDocument();
    expect(posts(requests)).toEqual([]);
  });
});

/** A member as the admin's member search lists them. */
function memberRow() {
  return {
    email: 'amina@example.com',
    mobile: null,
    national_id: null,
    address: null,
    role: 'member' as const,
    is_member: true,
    status: 'active' as const,
    joined_on: '2025-01-01',
    created_at: '2025-01-01T08:00:00.000Z',
    savings: 1200,
    loan_outstanding: 0,
  };
}
