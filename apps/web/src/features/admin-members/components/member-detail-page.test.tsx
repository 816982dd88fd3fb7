import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setupPage, type stubApi, type StubRequest } from '../../../testing/render.tsx';
import { errorBody } from '../../../testing/api-fixtures.ts';
import { wideCells } from '../../../testing/wide-cells.ts';
import {
  amina,
  handover,
  link,
  memberDetail,
  memberProposal,
  passwordLinkBody,
  signedInAs,
  yusuf,
} from '../testing/fixtures.ts';
import { MemberDetailPage } from './member-detail-page.tsx';

type Handlers = Parameters<typeof stubApi>[0];

const setup = (handlers: Handlers = {}, at = '/admin/members/2') =>
  setupPage(
    <MemberDetailPage />,
    {
      'GET /api/admin/members/2': () => ({ body: memberDetail() }),
      'GET /api/admin/members/2/fines': () => ({ body: { items: [] } }),
      'GET /api/admin/exits': () => ({ body: { items: [] } }),
      'GET /api/admin/members/2/password-link': () => ({ body: { handover: null } }),
      ...handlers,
    },
    {
      path: '/admin/members/:id',
      at,
      routes: { '/admin/loans/:id': 'LOAN PAGE', '/admin/members': 'MEMBERS PAGE' },
    },
  );

const region = (name: string) => screen.findByRole('region', { name });
const posts = (requests: StubRequest[]) => requests.filter((r) => r.method === 'POST');
const rowTexts = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map(wideCells);

describe('the member page', () => {
  it('shows the profile and the balances', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Amina Rahman' })).toBeVisible();
    const profile = within(await region('Profile'));
    expect(profile.getByText('amina@jamiya.example')).toBeInTheDocument();
    expect(profile.getByText('+971 50 123 4567')).toBeInTheDocument();
    expect(profile.getByText('P7654321')).toBeInTheDocument();
    expect(profile.getByText('Al Qusais, Dubai')).toBeInTheDocument();
    // Member since and account created.
    expect(profile.getAllByText('1 August 2026')).toHaveLength(2);
    const balances = within(await region('Balances'));
    expect(balances.getByText('AED 2,400.50')).toBeInTheDocument();
    expect(balances.getByText('AED 1,426.66')).toBeInTheDocument();
    expect(balances.getByText('AED 556.67')).toBeInTheDocument();
    expect(balances.getByText('1 month')).toBeInTheDocument();
  });

  it('lists the loans with a link to each, the submissions and the statement', async () => {
    const { user } = setup();
    const loans = within(await region('Loans'));
    expect(rowTexts(loans.getByRole('table'))).toEqual([
      ['Loan #1', '13 September 2026', 'AED 2,000', '6 months', 'Active', 'AED 1,426.66'],
    ]);
    const submissions = within(await region('Recent submissions'));
    expect(rowTexts(submissions.getByRole('table'))).toEqual([
      [
        '3 November 2026',
        'Due for November 2026',
        'AED 200',
        'Rejected',
        'The receipt is not readable.',
      ],
    ]);
    const statement = within(await region('Statement'));
    expect(rowTexts(statement.getByRole('table'))).toEqual([
      [
        '17 November 2026',
        'Repayment',
        'Installment 2 of loan #1',
        '—',
        '-356.67',
        'AED 2,400.50',
        'AED 1,426.66',
      ],
      [
        '2 October 2026',
        'Dues',
        'Dues for October 2026',
        '+200.50',
        '—',
        'AED 2,400.50',
        'AED 1,783.33',
      ],
    ]);
    await user.click(loans.getByRole('link', { name: 'Loan #1' }));
    expect(await screen.findByText('LOAN PAGE')).toBeInTheDocument();
  });

  it('says so when there are no loans, submissions or movements', async () => {
    setup({
      'GET /api/admin/members/2': () => ({
        body: memberDetail({ loans: [], payments: [], statement: [] }),
      }),
    });
    expect(await screen.findByText('No loans.')).toBeInTheDocument();
    expect(screen.getByText('Nothing sent yet.')).toBeInTheDocument();
    expect(screen.getByText('No movements yet.')).toBeInTheDocument();
  });

  it('says there is no such member on a 404', async () => {
    setup({ 'GET /api/admin/members/2': () => errorBody(404, 'There is no such member.') });
    expect(await screen.findByText('There is no such member.')).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    let calls = 0;
    const { user } = setup({
      'GET /api/admin/members/2': () =>
        ++calls === 1
          ? errorBody(500, 'Something went wrong on our side.')
          : { body: memberDetail() },
    });
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Amina Rahman' })).toBeInTheDocument();
  });

  it('downloads the statement as CSV with the session', async () => {
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this);
    });
    const { user, requests } = setup({
      'GET /api/admin/members/2/statement.csv': () => ({ body: 'date,kind' }),
    });
    localStorage.setItem('ts_token', 'admin-token');
    await user.click(await screen.findByRole('button', { name: 'Download statement (CSV)' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]?.download).toBe('statement-JM000002.csv');
    const call = requests.find((r) => r.url === '/api/admin/members/2/statement.csv');
    expect(call?.headers.get('authorization')).toBe('Bearer admin-token');
  });
});

describe('the statement as a PDF', () => {
  it('downloads the PDF the server makes, with the session', async () => {
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this);
    });
    const { user, requests } = setup({
      'GET /api/admin/members/2/statement': () => ({ body: '%PDF-1.3' }),
    });
    localStorage.setItem('ts_token', 'admin-token');
    await user.click(await screen.findByRole('button', { name: 'Download statement (PDF)' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]?.download).toBe('statement-JM000002.pdf');
    const call = requests.find((r) => r.url === '/api/admin/members/2/statement?format=pdf');
    expect(call?.headers.get('authorization')).toBe('Bearer admin-token');
  });

  it('says so when the PDF cannot be made', async () => {
    const { user } = setup({
      'GET /api/admin/members/2/statement': () => errorBody(500, 'Something went wrong.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Download statement (PDF)' }));
    expect(await screen.findByText('The file could not be loaded.')).toBeInTheDocument();
  });
});

describe('activating and deactivating', () => {
  it('deactivates after a confirmation, with the note', async () => {
    let status: 'active' | 'inactive' = 'active';
    const { user, requests } = setup({
      'GET /api/admin/members/2': () => ({
        body: memberDetail({ member: { ...amina(), status } }),
      }),
      'POST /api/admin/members/2/status': () => {
        status = 'inactive';
        return {
          body: { message: 'The member is now inactive.', member: { ...amina(), status } },
        };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Deactivate Amina Rahman?' }));
    expect(dialog.getByText(/cannot apply for a loan/)).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Note for the records (optional)'), 'Left the UAE');
    await user.click(dialog.getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('The member is now inactive.')).toBeInTheDocument();
    expect(posts(requests)[0]?.body).toEqual({ status: 'inactive', reason: 'Left the UAE' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Activate' })).toBeInTheDocument();
  });

  it('activates without a note; a conflict closes the dialog and says why', async () => {
    const { user, requests } = setup({
      'GET /api/admin/members/2': () => ({
        body: memberDetail({ member: { ...amina(), status: 'inactive' } }),
      }),
      'POST /api/admin/members/2/status': () => errorBody(409, 'The member is already active.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Activate' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Activate Amina Rahman?' }));
    await user.click(dialog.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('The member is already active.')).toBeInTheDocument();
    expect(posts(requests)[0]?.body).toEqual({ status: 'active' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('a password link', () => {
  it('says where it went when it was e-mailed, and shows no link to the admin', async () => {
    const { user } = setup({
      'POST /api/admin/members/2/password-reset': () => ({ body: passwordLinkBody(true) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Create password link' }));
    const dialog = within(screen.getByRole('dialog', { name: 'New password link' }));
    await user.click(dialog.getByRole('button', { name: 'Create link' }));
    expect(await dialog.findByRole('status')).toHaveTextContent(
      'A one-time link to set a password was e-mailed to amina@jamiya.example. It is not shown here: only its owner can use it.',
    );
    expect(dialog.queryByRole('textbox', { name: 'The link' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
  });

  it.each([[false, 'It was not sent by e-mail: hand it over yourself.']])(
    'is created on request and shown once (emailed: %s)',
    async (emailed, text) => {
      const { user, requests } = setup({
        'POST /api/admin/members/2/password-reset': () => ({ body: passwordLinkBody(emailed) }),
      });
      await user.click(await screen.findByRole('button', { name: 'Create password link' }));
      const dialog = within(screen.getByRole('dialog', { name: 'New password link' }));
      expect(posts(requests)).toHaveLength(0);
      await user.click(dialog.getByRole('button', { name: 'Create link' }));
      expect(await dialog.findByRole('textbox', { name: 'The link' })).toHaveValue(link.url);
      expect(dialog.getByText(text)).toBeInTheDocument();
      await user.click(dialog.getByRole('button', { name: 'Copy link' }));
      expect(await navigator.clipboard.readText()).toBe(link.url);
      await user.click(dialog.getByRole('button', { name: 'Done' }));
      await user.click(screen.getByRole('button', { name: 'Create password link' }));
      expect(screen.queryByDisplayValue(link.url)).not.toBeInTheDocument();
      expect(posts(requests)).toHaveLength(1);
    },
  );
});

describe('a link to hand over', () => {
  it("waits on the page of the admin who proposed it, with WhatsApp in the member's language", async () => {
    const confirmed = handover({
      purpose: 'invite',
      confirmed_by: 'Chair Chitra',
    });
    setup({ 'GET /api/admin/members/2/password-link': () => ({ body: { handover: confirmed } }) });
    const card = within(await region('Invitation to set a password'));
    expect(card.getByRole('textbox', { name: 'The link' })).toHaveValue(link.url);
    expect(
      card.getByText(
        'Proposed by Treasurer Tariq and confirmed by Chair Chitra: both of them see it here.',
        {
          normalizer: (t) => t.replace(/[\u2068\u2069]/g, ''),
        },
      ),
    ).toBeInTheDocument();
    const whatsApp = card.getByRole('link', { name: 'Send on WhatsApp' });
    expect(whatsApp).toHaveAttribute(
      'href',
      `https://wa.me/971501234567?text=${encodeURIComponent(confirmed.message)}`,
    );
  });

  it('shows nothing when no link waits', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Amina Rahman' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Send on WhatsApp' })).not.toBeInTheDocument();
  });
});

describe('what needs a second admin (docs/domain/maker-checker.md)', () => {
  const adminPage = (handlers: Handlers = {}) =>
    setup(
      {
        'GET /api/admin/members/4': () => ({ body: memberDetail({ member: yusuf() }) }),
        'GET /api/profile': () => ({ body: signedInAs() }),
        ...handlers,
      },
      '/admin/members/4',
    );

  it("offers no password link for an admin's account, and says how an admin sets theirs", async () => {
    adminPage();
    expect(await screen.findByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create password link' })).not.toBeInTheDocument();
    expect(
      screen.getByText(/An admin sets their own password, with Forgot password/),
    ).toBeInTheDocument();
  });

  it("proposes an admin's deactivation (202): it waits, and the proposer cannot confirm it", async () => {
    let proposals: ReturnType<typeof memberProposal>[] = [];
    const { user, requests } = adminPage({
      'GET /api/admin/proposals': () => ({ body: { items: proposals } }),
      'POST /api/admin/members/4/status': () => {
        proposals = [memberProposal()];
        return {
          status: 202,
          body: {
            message: 'Proposed. A second admin must confirm it before it is carried out.',
            pending_confirmation: true,
            proposal: memberProposal(),
          },
        };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Deactivate Yusuf Khan?' }));
    expect(dialog.getByText(/a second admin must confirm this change/)).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Note for the records (optional)'), 'Stepping down');
    await user.click(dialog.getByRole('button', { name: 'Deactivate' }));
    expect(
      await screen.findByText('Proposed. A second admin must confirm it before it is carried out.'),
    ).toBeInTheDocument();
    const waiting = await region('Proposed: waiting for a second admin');
    expect(waiting).toHaveTextContent('Make Yusuf Khan inactive.');
    expect(waiting).toHaveTextContent('You proposed this, so you cannot confirm it');
    expect(within(waiting).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    expect(posts(requests)).toHaveLength(1);
  });

  it("another admin confirms it with the proposal's note", async () => {
    const { user, requests } = adminPage({
      'GET /api/profile': () => ({
        body: signedInAs({ id: 5, unique_id: 'JM000005', name: 'Omar Said' }),
      }),
      'GET /api/admin/proposals': () => ({ body: { items: [memberProposal()] } }),
      'POST /api/admin/members/4/status': () => ({
        body: {
          message: 'Yusuf Khan is inactive now.',
          member: { ...yusuf(), status: 'inactive' },
        },
      }),
    });
    const waiting = await region('Proposed: waiting for a second admin');
    expect(waiting).toHaveTextContent(/Proposed by Fatima Al Mansoori on 2 December 2026/);
    await user.click(within(waiting).getByRole('button', { name: 'Confirm' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Deactivate Yusuf Khan?' }));
    expect(dialog.getByLabelText('Note for the records (optional)')).toHaveValue('Stepping down');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Yusuf Khan is inactive now.')).toBeInTheDocument();
    expect(posts(requests)[0]?.body).toEqual({ status: 'inactive', reason: 'Stepping down' });
  });

  it("proposes a member's password link (202) and shows no link", async () => {
    const { user } = setup({
      'GET /api/profile': () => ({ body: signedInAs() }),
      'POST /api/admin/members/2/password-reset': () => ({
        status: 202,
        body: {
          message: 'Proposed. A second admin must confirm it before it is carried out.',
          pending_confirmation: true,
          proposal: memberProposal({
            action: 'member.password_link',
            member: { id: 2, unique_id: 'JM000002', name: 'Amina Rahman' },
            reason: null,
          }),
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Create password link' }));
    const dialog = within(screen.getByRole('dialog', { name: 'New password link' }));
    expect(dialog.getByText(/signed out on every device/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Create link' }));
    expect(await dialog.findByRole('status')).toHaveTextContent(
      'Proposed: a second admin must confirm it. The link for Amina Rahman is made then',
    );
    expect(dialog.queryByRole('textbox', { name: 'The link' })).not.toBeInTheDocument();
  });
});
