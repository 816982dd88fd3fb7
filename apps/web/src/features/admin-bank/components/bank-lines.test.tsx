import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chairProfileBody } from '../../../testing/proposal-fixtures.ts';
import { isolated } from '../../../lib/bidi.ts';
import {
  CHARGES_LINE,
  ZAINAB_LINE,
  bookProposal,
  bookProposedBody,
  bookedBody,
  candidatesBody,
  detailBody,
  disagreeBody,
  linkedBody,
  zainabCandidate,
} from '../testing/fixtures.ts';
import { assignToZainab, posts, setupBankPage as setup } from '../testing/setup-bank-page.tsx';
import { errorBody } from '../../../testing/api-fixtures.ts';

// Issue 49: a bank line that is no member's money booked to an account, and money in linked by
// hand to the receipt or payment it is.

const chargesButton = 'Book as… (AED\u00a015.75 of 25 November 2026)';

describe('a bank line booked to an account', () => {
  it('offers bank charges first for money out, and books it with a memo (201)', async () => {
    let detail = detailBody();
    const { user, requests } = setup({
      'GET /api/admin/bank-statements/3': () => ({ body: detail }),
      'POST /api/admin/bank-lines/35/book': () => {
        detail = detailBody({ unmatched_lines: [ZAINAB_LINE], linked: [bookedBody().line] });
        return { status: 201, body: bookedBody() };
      },
    });
    const other = await screen.findByRole('region', { name: 'Payouts and other movements' });
    await user.click(within(other).getByRole('button', { name: chargesButton }));
    const dialog = await screen.findByRole('dialog', { name: 'Book a bank line to an account' });
    const choices = within(dialog).getAllByRole('radio');
    expect(choices.map((r) => r.closest('label')!.textContent)).toEqual([
      'Bank charges',
      'Bank interest received',
      'Another account',
    ]);
    expect(within(dialog).getByRole('radio', { name: 'Bank charges' })).toBeChecked();
    await user.type(within(dialog).getByLabelText('Memo (optional)'), 'Maintenance fee, November');
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));

    const done = await screen.findByRole('heading', { name: 'Line booked' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.getByText('The bank line was booked to Bank charges.')).toBeVisible();
    const book = posts(requests).find((r) => r.url === '/api/admin/bank-lines/35/book')!;
    expect(book.body).toEqual({ account: 'bank_charges', memo: 'Maintenance fee, November' });
    expect(book.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    // Now among the lines in the books, corrected by reversal only.
    const linked = await screen.findByRole('region', { name: 'Lines in the books (1)' });
    expect(linked).toHaveTextContent(`Booked to ${isolated('Bank charges')}`);
    expect(within(linked).queryByRole('button', { name: /^Unlink/ })).toBeNull();
  });

  it('books to another account of the chart, which two admins confirm (202), or withdraws it', async () => {
    let proposals: unknown[] = [];
    const { user, requests } = setup({
      'GET /api/admin/proposals': () => ({ body: { items: proposals } }),
      'POST /api/admin/bank-lines/35/book': () => {
        proposals = [bookProposal()];
        return { status: 202, body: bookProposedBody() };
      },
      'POST /api/admin/proposals/22/withdraw': () => {
        proposals = [];
        return { body: { message: 'The proposal was withdrawn.', proposal: bookProposal() } };
      },
    });
    const other = await screen.findByRole('region', { name: 'Payouts and other movements' });
    await user.click(within(other).getByRole('button', { name: chargesButton }));
    const dialog = await screen.findByRole('dialog', { name: 'Book a bank line to an account' });
    await user.click(within(dialog).getByRole('radio', { name: 'Another account' }));
    const list = within(dialog).getByRole('combobox', { name: 'Account from the chart' });
    // By kind, expenses first for money out; neither cash nor a retired account.
    const groups = [...list.querySelectorAll('optgroup')].map((g) => [
      g.label,
      [...g.querySelectorAll('option')].map((o) => o.textContent),
    ]);
    expect(groups).toEqual([
      ['Expenses', ['Meeting and AGM costs', 'Other expenses']],
      ['Income', ['Other income', 'Service charge income']],
    ]);
    // None chosen yet: said beside the list.
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect(await within(dialog).findByText('Choose an account.')).toBeVisible();
    await user.selectOptions(list, 'meeting_costs');
    await user.type(within(dialog).getByLabelText('Memo (optional)'), 'Hall for the AGM');
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));

    const sent = await screen.findByRole('heading', { name: 'Sent to a second admin' });
    await waitFor(() => expect(sent).toHaveFocus());
    expect(posts(requests).find((r) => r.url.endsWith('/book'))!.body).toEqual({
      account: 'meeting_costs',
      memo: 'Hall for the AGM',
    });
    const waiting = await within(other).findByRole('region', {
      name: 'Proposed: waiting for a second admin',
    });
    expect(
      await within(waiting).findByText(
        `To the account ${isolated('Meeting and AGM costs')}, with the memo “${isolated('Hall for the AGM')}”.`,
      ),
    ).toBeVisible();
    // The proposer cannot confirm it, and may withdraw it.
    expect(within(waiting).queryByRole('button', { name: 'Confirm the booking' })).toBeNull();
    expect(within(other).queryByRole('button', { name: chargesButton })).toBeNull();
    await user.click(within(waiting).getByRole('button', { name: 'Withdraw' }));
    expect(await within(other).findByRole('button', { name: chargesButton })).toBeVisible();
    expect(posts(requests).map((r) => r.url)).toContain('/api/admin/proposals/22/withdraw');
  });

  it('the second admin confirms the booking by the same call', async () => {
    const { user, requests } = setup({
      'GET /api/profile': () => ({ body: chairProfileBody() }),
      'GET /api/admin/proposals': () => ({ body: { items: [bookProposal()] } }),
      'POST /api/admin/bank-lines/35/book': () => ({
        status: 201,
        body: bookedBody(CHARGES_LINE, { code: 'meeting_costs', name: 'Meeting and AGM costs' }),
      }),
    });
    const other = await screen.findByRole('region', { name: 'Payouts and other movements' });
    await user.click(await within(other).findByRole('button', { name: 'Confirm the booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this booking?' });
    expect(dialog).toHaveTextContent(
      `${isolated('Fatima Al Mansoori')} booked AED 15.75 of 25 November 2026. To the account ${isolated('Meeting and AGM costs')}, with the memo`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm the booking' }));
    expect(await screen.findByRole('heading', { name: 'Line booked' })).toBeVisible();
    expect(posts(requests).find((r) => r.url.endsWith('/book'))!.body).toEqual({
      account: 'meeting_costs',
      memo: 'Hall for the AGM',
    });
  });

  it('keeps a refusal in the dialog, in the server’s words', async () => {
    const { user } = setup({
      'POST /api/admin/bank-lines/35/book': () =>
        errorBody(
          409,
          'This would take the cash below zero: the books hold AED 10 on 25 November 2026.',
        ),
    });
    const other = await screen.findByRole('region', { name: 'Payouts and other movements' });
    await user.click(within(other).getByRole('button', { name: chargesButton }));
    const dialog = await screen.findByRole('dialog', { name: 'Book a bank line to an account' });
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This would take the cash below zero: the books hold AED 10 on 25 November 2026.',
    );
    expect(dialog).toBeVisible();
  });
});

describe('money in linked by hand', () => {
  const candidates = () => [
    zainabCandidate(),
    zainabCandidate({ id: 106, period: '2026-10', status: 'approved', linked_line_id: 28 }),
    zainabCandidate({
      id: 107,
      period: '2026-09',
      status: 'approved',
      amount: 150,
      same_amount: false,
    }),
  ];

  it('approves the member’s receipt waiting and links it to the line', async () => {
    const { user, requests } = setup({
      'GET /api/admin/bank-lines/34/link-candidates': (req) => ({
        body: candidatesBody(req.url.includes('member_id=14') ? candidates() : []),
      }),
      'POST /api/admin/bank-lines/34/link': () => ({ body: linkedBody() }),
    });
    const section = await screen.findByRole('region', {
      name: 'Money in the bank with no receipt (1)',
    });
    await user.click(
      within(section).getByRole('button', {
        name: 'Link to a payment… (AED\u00a0200 of 20 November 2026)',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Link to a payment' });
    // The member ID in the text finds Zainab, whose payments are listed.
    expect(
      await within(dialog).findByRole('radio', { name: 'Zainab Qasim (JM000014)' }),
    ).toBeChecked();
    const list = await within(dialog).findByRole('region', {
      name: "The member's receipts waiting and payments approved",
    });
    const items = await within(list).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[1]).toHaveTextContent('Already linked to bank line #28.');
    expect(within(items[1]!).getByRole('button', { name: /^Link/ })).toBeDisabled();
    expect(items[2]).toHaveTextContent(
      "Its amount, AED 150, is not the line's, AED 200: it cannot be linked.",
    );
    expect(within(items[2]!).getByRole('button', { name: /^Link/ })).toBeDisabled();
    await user.click(
      within(items[0]!).getByRole('button', {
        name: `Approve and link the receipt of ${isolated('Zainab Qasim')}: Dues for November 2026, AED\u00a0200, Sent on 19 November 2026`,
      }),
    );

    const done = await screen.findByRole('heading', { name: 'Line linked' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.getByText('The receipt was approved and linked to the bank line.')).toBeVisible();
    expect(requests.map((r) => r.url)).toContain(
      '/api/admin/bank-lines/34/link-candidates?member_id=14',
    );
    const link = posts(requests).find((r) => r.url === '/api/admin/bank-lines/34/link')!;
    expect(link.body).toEqual({ payment_id: 105 });
    expect(link.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('offers the member’s payments when the assignment is refused (409), to link instead', async () => {
    const { user, requests } = setup({
      'POST /api/admin/bank-lines/34/assign': () =>
        errorBody(409, 'A receipt for November 2026 is already under review for this member.'),
      'GET /api/admin/bank-lines/34/link-candidates': () => ({
        body: candidatesBody([zainabCandidate({ status: 'approved' })]),
      }),
      'POST /api/admin/bank-lines/34/link': () => ({ body: linkedBody(false) }),
    });
    const { dialog } = await assignToZainab(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A receipt for November 2026 is already under review for this member.',
    );
    await user.click(await within(dialog).findByRole('button', { name: /^Link the payment of/ }));
    expect(await screen.findByRole('heading', { name: 'Line linked' })).toBeVisible();
    expect(posts(requests).find((r) => r.url.endsWith('/link'))!.body).toEqual({
      payment_id: 105,
    });
  });
});

describe('the lines the books against the bank lack', () => {
  it('may be booked there, one already linked says how instead, and one above is not offered twice', async () => {
    const linked = {
      ...ZAINAB_LINE,
      id: 9_998,
      payment_id: 120,
      entry_id: 90,
      link: 'hand' as const,
    };
    // A charge of an earlier statement: its actions are here only.
    const earlier = { ...CHARGES_LINE, id: 9_999 };
    setup({
      'GET /api/admin/reconciliation': () => ({
        body: { ...disagreeBody(), lines_not_in_books: [linked, earlier, CHARGES_LINE] },
      }),
    });
    const panel = await screen.findByRole('region', { name: 'The books against the bank' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Linked by hand');
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(within(items[1]!).getByRole('button', { name: chargesButton })).toBeEnabled();
    // The statement's own charge has its actions above, in its section.
    expect(within(panel).getByText(/what may be done with them is above/)).toBeVisible();
    expect(within(items[2]!).queryByRole('button')).toBeNull();
    expect(screen.getAllByRole('button', { name: chargesButton })).toHaveLength(2);
  });

  it('lists the first lines and movements the server sends, and asks for 10 more of each', async () => {
    const { user, requests } = setup({
      'GET /api/admin/reconciliation': () => ({
        body: { ...disagreeBody(), lines_not_in_books_total: 25 },
      }),
    });
    const panel = await screen.findByRole('region', { name: 'The books against the bank' });
    expect(await within(panel).findByText('In the bank, not in the books (25)')).toBeVisible();
    // Every movement of the books is listed: none to ask for.
    expect(within(panel).getAllByRole('button', { name: /^Show \d+ more$/ })).toHaveLength(1);
    await user.click(within(panel).getByRole('button', { name: 'Show 10 more' }));
    await waitFor(() =>
      expect(requests.map((r) => r.url)).toContain(
        '/api/admin/reconciliation?as_of=2026-11-26&limit=20',
      ),
    );
  });
});
