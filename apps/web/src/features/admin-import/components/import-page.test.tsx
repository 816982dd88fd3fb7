import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IMPORT_ERRORS_LISTED } from '@jamiya/contracts/values';
import { setupPage, type StubRequest } from '../../../testing/render.tsx';
import { errorBody, settingsBody } from '../../../testing/api-fixtures.ts';
import { adminProfileBody } from '../../../testing/admin-fixtures.ts';
import { chairProfileBody } from '../../../testing/proposal-fixtures.ts';
import {
  ROW_ERRORS,
  appliedBody,
  dryRunBody,
  listBody,
  proposedBody,
  proposedRecord,
  recordBody,
} from '../testing/fixtures.ts';
import { isolated } from '../../../lib/bidi.ts';
import { ImportPage } from './import-page.tsx';

type Handlers = Parameters<typeof setupPage>[1];

function setup(handlers: Handlers = {}) {
  return setupPage(<ImportPage />, {
    'GET /api/profile': () => ({ body: adminProfileBody() }),
    'GET /api/settings': () => ({
      body: { ...settingsBody(), association_name: 'Al Qusais Circle' },
    }),
    'GET /api/admin/imports': () => ({ body: listBody([recordBody()]) }),
    'GET /api/admin/imports/1/invitations': () => ({ body: { invitations: [] } }),
    'POST /api/admin/imports': () => ({ body: dryRunBody() }),
    ...handlers,
  });
}

const posts = (requests: StubRequest[]) => requests.filter((r) => r.method === 'POST');
const sent = (request: StubRequest) => {
  const form = request.body as FormData;
  return {
    file: (form.get('file') as File | null)?.name,
    as_of: form.get('as_of'),
    opening_cash: form.get('opening_cash'),
    dry_run: form.get('dry_run'),
  };
};

/** The form filled in: the file, 31 October 2025, AED 12,000; then Check the file. */
async function checkFile(user: UserEvent) {
  const file = new File(['name,email\r\n'], 'members.csv', { type: 'text/csv' });
  await user.upload(await screen.findByLabelText('The filled-in file (CSV or XLSX)'), file);
  await user.selectOptions(
    screen.getByRole('combobox', { name: 'The day the books start, Day' }),
    '31',
  );
  await user.selectOptions(
    screen.getByRole('combobox', { name: 'The day the books start, Month' }),
    '10',
  );
  await user.selectOptions(
    screen.getByRole('combobox', { name: 'The day the books start, Year' }),
    '2025',
  );
  await user.type(screen.getByLabelText('Bank balance on that day (AED)'), '12000');
  await user.click(screen.getByRole('button', { name: 'Check the file' }));
}

describe('the import page', () => {
  it('says how many cells are wrong in all when it lists only the first of them', async () => {
    const { user } = setup({
      'POST /api/admin/imports': () => ({
        body: dryRunBody({ errors: ROW_ERRORS, errors_total: 4_800, error_rows: 1_600 }),
      }),
    });
    await checkFile(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '4,800 cells need correcting, in 1,600 rows.The first 2 are listed below: correct them, then check the file again for the rest.',
    );
  });

  it('counts the cells of a refused apply as the server does, when it lists only the first', async () => {
    const listed = Array.from({ length: IMPORT_ERRORS_LISTED / 2 }, (_, i) =>
      ROW_ERRORS.map((e) => ({ ...e, row: i + 2 })),
    ).flat();
    const { user } = setup({
      'POST /api/admin/imports': (req) =>
        sent(req).dry_run === 'true'
          ? { body: dryRunBody() }
          : errorBody(422, 'Nothing was imported: 3,000 cells need correcting first.', listed),
    });
    await checkFile(user);
    await user.click(await screen.findByRole('button', { name: 'Apply the import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply the import?' });
    await user.click(within(dialog).getByRole('button', { name: 'Apply the import' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Nothing was imported: 3,000 cells need correcting first.The first 1,000 are listed below',
    );
    expect(alert).not.toHaveTextContent('1,000 cells need correcting');
  });

  it('checks a file and shows each wrong cell beside its value; nothing can be applied', async () => {
    const { user, requests } = setup({
      'POST /api/admin/imports': () => ({ body: dryRunBody({ errors: ROW_ERRORS }) }),
    });
    await checkFile(user);
    const heading = await screen.findByRole('heading', { name: 'The file has cells to correct' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(posts(requests).map(sent)).toEqual([
      { file: 'members.csv', as_of: '2025-10-31', opening_cash: '12000', dry_run: 'true' },
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent(
      '2 cells need correcting, in 1 row.Nothing will be written until every cell is right:',
    );
    const card = screen
      .getByRole('heading', { name: `Row 3: ${isolated('Joseph Mathew')}` })
      .closest('li')!;
    const cell = (column: string) =>
      within(card).getByText(`(${column})`).closest('div') as HTMLElement;
    expect(cell('email')).toHaveTextContent(
      'Email (email)joseph@exampleTo correct: Write the email as name@example.com.',
    );
    expect(cell('joined')).toHaveTextContent(
      'Joined (joined)2024-13To correct: This is not a real month: write it as YYYY-MM, like 2024-03.',
    );
    expect(cell('mobile')).toHaveTextContent('Mobile (mobile)055 765 4321');
    expect(cell('mobile')).not.toHaveTextContent('To correct');
    expect(cell('loan_amount')).toHaveTextContent('Loan amount (loan_amount)empty');
    // Only Joseph's row has something to mend.
    expect(screen.queryByRole('heading', { name: /Row 2/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply the import' })).not.toBeInTheDocument();

    // Every row read, on demand, the wrong cells marked.
    await user.click(screen.getByRole('button', { name: 'Show every row read (3)' }));
    const rows = within(screen.getByRole('table', { name: 'Rows read: 3 of 3' })).getAllByRole(
      'row',
    );
    expect(rows).toHaveLength(4);
    expect(rows[2]).toHaveTextContent('3Joseph Mathewjoseph@example (to correct)');
  });

  it("shows the latest import's invitations not used yet again, to the admins who brought it in", async () => {
    const { invitations } = appliedBody();
    setup({
      'GET /api/admin/imports/1/invitations': () => ({
        body: { invitations: invitations.slice(1) },
      }),
    });
    const left = await screen.findByRole('region', { name: '2 invitations not used yet' });
    const items = within(left).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      '=Joseph MathewJM000012 · 055 765 4321 · മലയാളംCopy linkSend on WhatsApp',
      'Priya DasJM000013 · no mobile · বাংলাCopy link',
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Send on WhatsApp' })).toHaveAttribute(
      'href',
      `https://wa.me/971557654321?text=${encodeURIComponent(invitations[1]!.message)}`,
    );
  });

  it('shows what the file creates and its opening entry, then applies it and hands over the invitations', async () => {
    const { user, requests } = setup({
      'POST /api/admin/imports': (req) =>
        sent(req).dry_run === 'true'
          ? { body: dryRunBody() }
          : { status: 201, body: appliedBody() },
    });
    await checkFile(user);
    const heading = await screen.findByRole('heading', { name: 'The file is ready to import' });
    await waitFor(() => expect(heading).toHaveFocus());
    const result = screen.getByRole('region', { name: 'The file is ready to import' });
    const figure = (label: string) => within(result).getByText(label).nextElementSibling;
    expect(figure('Members')).toHaveTextContent('3');
    expect(figure('Savings')).toHaveTextContent('AED 6,500');
    expect(figure('Principal outstanding')).toHaveTextContent('AED 1,000');
    expect(figure('Owed with interest')).toHaveTextContent('AED 1,070');
    const entry = screen.getByRole('table', { name: 'Opening entry on 31 October 2025' });
    expect(
      within(entry)
        .getAllByRole('row')
        .map((r) => r.textContent?.replace(/\u00a0/g, ' ')),
    ).toEqual([
      'AccountDebit (AED)Credit (AED)',
      'Cash and bank12,000—',
      'Loans receivable1,000—',
      "Members' savings—6,500",
      'Opening equity—6,500',
      'Total13,00013,000',
    ]);

    await user.click(screen.getByRole('button', { name: 'Apply the import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply the import?' });
    expect(dialog).toHaveTextContent(
      "The association's books will open on 31 October 2025 with one entry: a bank balance of AED 12,000, AED 6,500 of savings for 3 members, and 1 open loan.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Apply the import' }));

    const done = await screen.findByRole('heading', { name: 'The import is applied' });
    await waitFor(() => expect(done).toHaveFocus());
    const [, apply] = posts(requests);
    expect(sent(apply!)).toEqual({
      file: 'members.csv',
      as_of: '2025-10-31',
      opening_cash: '12000',
      dry_run: 'false',
    });
    expect(apply!.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);

    const invitations = screen.getByRole('region', { name: '3 invitations to hand over' });
    expect(invitations).toHaveTextContent(
      'The links work until 3 November 2025 at 10:30 AM. You and the other admin who brought these members in find them again on this page until each is used.',
    );
    const items = within(invitations).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Aisha RahmanJM000011 · +971 50 123 4567 · العربيةCopy linkSend on WhatsApp',
      '=Joseph MathewJM000012 · 055 765 4321 · മലയാളംCopy linkSend on WhatsApp',
      'Priya DasJM000013 · no mobile · বাংলাCopy link',
    ]);
    const whatsApp = within(items[0]!).getByRole('link', { name: 'Send on WhatsApp' });
    // The server's message, in the member's language (Arabic here), not the admin's.
    expect(whatsApp.getAttribute('href')).toBe(
      `https://wa.me/971501234567?text=${encodeURIComponent(
        `عزيزي Aisha Rahman،\n\nhttp://localhost:3000/set-password?token=${'a'.repeat(43)}`,
      )}`,
    );
    expect(
      within(items[1]!).getByRole('link', { name: 'Send on WhatsApp' }).getAttribute('href'),
    ).toMatch(/^https:\/\/wa\.me\/971557654321\?text=/);

    await user.click(within(items[2]!).getByRole('button', { name: 'Copy link' }));
    expect(
      await screen.findByText(`The link for ${isolated('Priya Das')} is copied.`),
    ).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(
      `http://localhost:3000/set-password?token=${'c'.repeat(43)}`,
    );

    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:invitations';
    });
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this);
    });
    await user.click(screen.getByRole('button', { name: 'Download the invitations (CSV)' }));
    expect(clicks[0]?.download).toMatch(/^jamiya-invitations-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await saved[0]!.arrayBuffer());
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFName,Member ID,Email,Mobile,Language,Link to set the password,Works until',
      `Aisha Rahman,JM000011,aisha@example.com,'+971 50 123 4567,العربية,http://localhost:3000/set-password?token=${'a'.repeat(43)},3 November 2025 at 10:30 AM`,
      `'=Joseph Mathew,JM000012,joseph@example.com,055 765 4321,മലയാളം,http://localhost:3000/set-password?token=${'b'.repeat(43)},3 November 2025 at 10:30 AM`,
      `Priya Das,JM000013,priya@example.com,,বাংলা,http://localhost:3000/set-password?token=${'c'.repeat(43)},3 November 2025 at 10:30 AM`,
      '',
    ]);
  });

  it('two admins: the apply is proposed (202) and waits at the top; the proposer may only withdraw it', async () => {
    let list = [recordBody()];
    const { user, requests } = setup({
      'GET /api/admin/imports': () => ({ body: listBody(list) }),
      'POST /api/admin/imports': (req) => {
        if (sent(req).dry_run === 'true') return { body: dryRunBody() };
        list = [proposedRecord(), recordBody()];
        return { status: 202, body: proposedBody() };
      },
      'POST /api/admin/proposals/9/withdraw': () => {
        list = [{ ...proposedRecord(), state: 'withdrawn' }, recordBody()];
        return {
          body: { message: 'The proposal was withdrawn.', proposal: proposedBody().proposal },
        };
      },
    });
    await checkFile(user);
    await user.click(await screen.findByRole('button', { name: 'Apply the import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply the import?' });
    await user.click(within(dialog).getByRole('button', { name: 'Apply the import' }));

    const sentTo = await screen.findByRole('heading', { name: 'Sent to a second admin' });
    await waitFor(() => expect(sentTo).toHaveFocus());
    expect(
      screen.getByText(
        'Proposed. A second admin must confirm the import before anything is written.',
      ),
    ).toBeInTheDocument();

    const waiting = await screen.findByRole('region', {
      name: 'An import waits for confirmation',
    });
    expect(waiting).toHaveTextContent(/Proposed by Fatima Al Mansoori on 2 November 2025/);
    expect(waiting).toHaveTextContent(
      'The books open on 31 October 2025 with a bank balance of AED 12,000. File: members.csv',
    );
    // Who the admin is comes with the profile, which the admin area has already loaded.
    expect(
      await within(waiting).findByText(/You proposed this, so you cannot confirm it/),
    ).toBeInTheDocument();
    expect(
      within(waiting).queryByRole('button', { name: 'Confirm and apply' }),
    ).not.toBeInTheDocument();

    await user.click(within(waiting).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('The proposal was withdrawn.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'An import waits for confirmation' }),
      ).not.toBeInTheDocument(),
    );
    expect(posts(requests).map((r) => r.url)).toEqual([
      '/api/admin/imports',
      '/api/admin/imports',
      '/api/admin/proposals/9/withdraw',
    ]);
  });

  it('another admin confirms the waiting import: the server applies the file it kept', async () => {
    let list = [proposedRecord(), recordBody()];
    const { user, requests } = setup({
      'GET /api/profile': () => ({ body: chairProfileBody() }),
      'GET /api/admin/imports': () => ({ body: listBody(list) }),
      'POST /api/admin/imports/2/confirm': () => {
        list = [recordBody({ id: 2 }), recordBody()];
        return {
          status: 201,
          body: appliedBody({ invitations_mailed: true, invitations: [] }),
        };
      },
    });
    const waiting = await screen.findByRole('region', { name: 'An import waits for confirmation' });
    expect(waiting).toHaveTextContent('Check it, then confirm it to carry it out, or withdraw it.');
    await user.click(within(waiting).getByRole('button', { name: 'Confirm and apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm and apply this import?' });
    expect(dialog).toHaveTextContent(
      `${isolated('Fatima Al Mansoori')} sent this file. Confirming checks it again against the app as it is now, then brings in 3 members with AED 6,500 of savings, the books opening on 31 October 2025.`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and apply' }));

    const done = await screen.findByRole('heading', { name: 'The import is applied' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(
      screen.getByText(
        'Each new member was mailed an invitation in their language, with a link to set their password.',
      ),
    ).toBeInTheDocument();
    const confirm = posts(requests).find((r) => r.url === '/api/admin/imports/2/confirm');
    expect(confirm?.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'An import waits for confirmation' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('shows the cells a confirmation found wrong (the app changed meanwhile)', async () => {
    const { user } = setup({
      'GET /api/profile': () => ({ body: chairProfileBody() }),
      'GET /api/admin/imports': () => ({ body: listBody([proposedRecord()]) }),
      'POST /api/admin/imports/2/confirm': () =>
        errorBody(422, 'Nothing was imported: 1 cell needs correcting first.', [
          {
            row: 2,
            column: 'email',
            message: 'A member with this email is already in the app (JM000007).',
          },
        ]),
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm and apply' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Nothing was imported: 1 cell needs correcting first.',
    );
    expect(screen.getByRole('heading', { name: 'Row 2' }).closest('li')).toHaveTextContent(
      'Email (email)To correct: A member with this email is already in the app (JM000007).',
    );
  });

  it('warns when the savings are more than the bank balance and the loans', async () => {
    const { user } = setup({
      'POST /api/admin/imports': () => ({
        body: dryRunBody({ opening_cash: 100, opening_equity: -500 }),
      }),
    });
    await checkFile(user);
    expect(
      await screen.findByText(/The members' savings are more than the bank balance and the loans/),
    ).toBeVisible();
  });

  it('says when no import was made yet', async () => {
    setup({ 'GET /api/admin/imports': () => ({ body: listBody([]) }) });
    expect(await screen.findByText('No import yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check the file' })).toBeEnabled();
  });

  it('lists the imports made, with who sent and who confirmed each', async () => {
    setup({
      'GET /api/admin/imports': () => ({
        body: listBody([
          recordBody({ id: 2, confirmed_by: chairProfileBody().userData, proposal_id: 9 }),
        ]),
      }),
    });
    const table = await screen.findByRole('table', { name: 'Imports made' });
    const [, row] = within(table).getAllByRole('row');
    // Cell by cell as written, not through wideCells: the amount keeps its no-break space.
    const copy = row!.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('.md\\:hidden').forEach((e) => e.remove());
    expect([...copy.querySelectorAll('th, td')].map((c) => c.textContent)).toEqual([
      'members.csvCSV · SHA-256 ab12cd34ef56…',
      'Applied',
      '31 October 2025',
      '3',
      'AED\u00a06,500',
      'Fatima Al Mansoori2 November 2025',
      'Yusuf Khan2 November 2025',
    ]);
    // On a phone, who sent it and who confirmed it are said under the file's name.
    expect(within(row!).getByRole('rowheader')).toHaveTextContent(
      `Sent by ${isolated('Fatima Al Mansoori')} on 2 November 2025Confirmed by ${isolated('Yusuf Khan')} on 2 November 2025`,
    );
  });

  it('shows an error with a retry when the imports cannot be listed', async () => {
    let calls = 0;
    const { user } = setup({
      'GET /api/admin/imports': () =>
        ++calls === 1
          ? errorBody(500, 'Something went wrong on our side.')
          : { body: listBody([]) },
    });
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No import yet')).toBeInTheDocument();
  });

  it('checks the form before sending, and puts the server’s field errors under their fields', async () => {
    const { user, requests } = setup({
      'POST /api/admin/imports': () =>
        errorBody(422, 'This file is not a spreadsheet.', {
          file: ['This file is not a spreadsheet: send the template filled in, as CSV or XLSX.'],
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Check the file' }));
    expect(await screen.findByText('Choose the filled-in template.')).toBeInTheDocument();
    expect(screen.getByText('Choose the day the books start.')).toBeInTheDocument();
    expect(screen.getByText('Enter the bank balance in AED.')).toBeInTheDocument();
    expect(posts(requests)).toEqual([]);

    await checkFile(user);
    expect(
      await screen.findByText(
        'This file is not a spreadsheet: send the template filled in, as CSV or XLSX.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('The filled-in file (CSV or XLSX)')).toHaveFocus();
  });

  it('tells a refusal of the whole file, such as one already imported', async () => {
    const { user } = setup({
      'POST /api/admin/imports': () =>
        errorBody(
          409,
          'This file was already imported: import 1, applied on 2 November 2025, with the books opening on 31 October 2025.',
        ),
    });
    await checkFile(user);
    const heading = await screen.findByRole('heading', { name: 'The file could not be checked' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('This file was already imported');
  });

  it('downloads the template as Excel', async () => {
    const { user, requests } = setup({
      'GET /api/admin/imports/template': () => ({ body: 'name,email' }),
    });
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this);
    });
    await user.click(await screen.findByRole('button', { name: 'Download the template (Excel)' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]!.download).toBe('jamiya-import-template.xlsx');
    expect(requests.map((r) => r.url)).toContain('/api/admin/imports/template?format=xlsx');
  });
});
