import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isolated } from '../../../lib/bidi.ts';
import {
  AISHA_LINKED,
  CHARGES_BOOKED,
  createdBody,
  detailBody,
  listBody,
  octoberBody,
  settledDetailBody,
  statementBody,
  unlinkedBody,
} from '../testing/fixtures.ts';
import { posts, setupBankPage as setup } from '../testing/setup-bank-page.tsx';
import { errorBody } from '../../../testing/api-fixtures.ts';

// Issue 49: a wrong match unlinked, a statement imported by mistake taken back, and lines that
// look like lines already held (the same month from the bank in two formats).

const withLinked = () => detailBody({ linked: [AISHA_LINKED, CHARGES_BOOKED] });

describe('the lines in the books', () => {
  it('unlinks a match only, and keeps a refusal in the question', async () => {
    const { user, requests } = setup({
      'GET /api/admin/bank-statements/3': () => ({ body: withLinked() }),
      'POST /api/admin/bank-lines/31/unlink': () =>
        errorBody(
          409,
          'This payment was corrected since it was linked: reverse the correction in the journal first.',
        ),
    });
    const linked = await screen.findByRole('region', { name: 'Lines in the books (2)' });
    const [aisha, charges] = within(linked).getAllByRole('listitem');
    expect(aisha).toHaveTextContent('Linked by a match approved');
    // A booking is corrected by reversal: no unlink, the journal instead.
    expect(charges).toHaveTextContent(
      `Booked to ${isolated('Bank charges')}Made from this line: to put it right, reverse its entry in the journal.`,
    );
    expect(within(charges!).queryByRole('button')).toBeNull();
    expect(within(charges!).getByRole('link', { name: 'Open the journal' })).toHaveAttribute(
      'href',
      '/admin/ledger',
    );

    await user.click(
      within(aisha!).getByRole('button', { name: 'Unlink AED\u00a0200 of 3 November 2026' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Unlink this line?' });
    expect(dialog).toHaveTextContent('The payment stays as it is.');
    await user.click(within(dialog).getByRole('button', { name: 'Unlink the line' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This payment was corrected since it was linked: reverse the correction in the journal first.',
    );
    expect(dialog).toBeVisible();
    expect(posts(requests).map((r) => r.url)).toEqual(['/api/admin/bank-lines/31/unlink']);
  });

  it('unlinks a wrong match, and says so', async () => {
    let detail = withLinked();
    const { user } = setup({
      'GET /api/admin/bank-statements/3': () => ({ body: detail }),
      'POST /api/admin/bank-lines/31/unlink': () => {
        detail = detailBody({ linked: [CHARGES_BOOKED] });
        return { body: unlinkedBody() };
      },
    });
    const linked = await screen.findByRole('region', { name: 'Lines in the books (2)' });
    await user.click(within(linked).getByRole('button', { name: /^Unlink/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink this line?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unlink the line' }));
    const done = await screen.findByRole('heading', { name: 'Line unlinked' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(await screen.findByRole('region', { name: 'Lines in the books (1)' })).toBeVisible();
  });
});

describe('a statement taken back', () => {
  it('names the lines to unlink first when it cannot be deleted (409)', async () => {
    const { user, requests } = setup({
      'GET /api/admin/bank-statements/3': () => ({ body: withLinked() }),
      'DELETE /api/admin/bank-statements/3': () =>
        errorBody(409, 'This statement has 2 lines in the books: unlink them first.', {
          'line 31': ['3 November 2026, AED 200: linked to the payment of Aisha Rahman.'],
          'line 30': ['2 November 2026, -AED 26.25: booked to Bank charges.'],
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete this statement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this statement?' });
    expect(dialog).toHaveTextContent(
      `The statement ${isolated('enbd-november.csv')} of 1 November 2026 – 26 November 2026 is deleted with its 6 lines.`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete the statement' }));
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent(
      'This statement has 2 lines in the books: unlink them first.',
    );
    expect(
      within(refusal)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '3 November 2026, AED 200: linked to the payment of Aisha Rahman.',
      '2 November 2026, -AED 26.25: booked to Bank charges.',
    ]);
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    expect(dialog).toBeVisible();
  });

  it('deletes it, and shows the statement before it', async () => {
    let list = [statementBody(), octoberBody()];
    const { user, requests } = setup(
      {
        'GET /api/admin/bank-statements': () => ({ body: listBody(list) }),
        'GET /api/admin/bank-statements/2': () => ({
          body: { ...settledDetailBody(), statement: octoberBody() },
        }),
        'DELETE /api/admin/bank-statements/3': () => {
          list = [octoberBody()];
          return { body: { message: 'The statement was deleted.' } };
        },
      },
      '/admin/bank?statement=3',
    );
    await user.click(await screen.findByRole('button', { name: 'Delete this statement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this statement?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete the statement' }));
    const done = await screen.findByRole('heading', { name: 'Statement deleted' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.getByText('The statement was deleted.')).toBeVisible();
    expect(
      await screen.findByRole('heading', { name: 'Statement of 1 October 2026 – 31 October 2026' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /1 November 2026 – 26 November 2026/ })).toBeNull();
    // The deleted statement is not asked for again.
    const deletedAt = requests.findIndex((r) => r.method === 'DELETE');
    expect(
      requests.slice(deletedAt + 1).filter((r) => r.url === '/api/admin/bank-statements/3'),
    ).toEqual([]);
  });
});

describe('lines that look like lines already held', () => {
  const lookalikes = [
    '3 November 2026, AED 200: TRANSFER FROM AISHA RAHMAN JM000011',
    '25 November 2026, -AED 15.75: BANK CHARGES',
  ];

  it.each([
    ['They are the same lines', 'same'],
    ['They are new lines', 'new'],
  ])('asks which they are, and sends the file again: %s', async (answer, sent) => {
    const { user, requests } = setup({
      'POST /api/admin/bank-statements': (req) =>
        (req.body as FormData).get('lookalikes')
          ? { status: 201, body: createdBody() }
          : errorBody(409, 'Some lines look like lines of a statement already imported.', {
              lookalikes,
            }),
    });
    await user.upload(
      await screen.findByLabelText('The statement (CSV, camt.053 XML or MT940)'),
      new File(['<Document/>'], 'camt053.xml', { type: 'text/xml' }),
    );
    await user.click(screen.getByRole('button', { name: 'Import the statement' }));
    const heading = await screen.findByRole('heading', {
      name: 'These 2 lines look like lines you already have',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    const list = screen.getByRole('list', {
      name: 'Lines that look like lines you already have',
    });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(lookalikes);
    await user.click(screen.getByRole('button', { name: answer }));

    expect(await screen.findByRole('heading', { name: 'Statement imported' })).toBeVisible();
    const [first, again] = posts(requests).filter((r) => r.url === '/api/admin/bank-statements');
    const form = again!.body as FormData;
    expect(form.get('lookalikes')).toBe(sent);
    expect((form.get('file') as File).name).toBe('camt053.xml');
    // Another request, not a retry of the refused one.
    expect(again!.headers.get('idempotency-key')).not.toBe(first!.headers.get('idempotency-key'));
  });
});
