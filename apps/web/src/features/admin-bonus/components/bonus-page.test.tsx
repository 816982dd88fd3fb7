import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi, type StubRequest } from '../../../testing/render.tsx';
import { errorBody } from '../../../testing/api-fixtures.ts';
import {
  bonusProposalBody,
  chairProfile,
  closedBody,
  periodBody,
  periodsBody,
  previewBody,
  proposedBody,
  treasurerProfile,
} from '../testing/fixtures.ts';
import { BonusPage } from './bonus-page.tsx';

type Handlers = Parameters<typeof stubApi>[0];

function setup(handlers: Handlers = {}) {
  const requests = stubApi({
    'GET /api/profile': () => ({ body: treasurerProfile() }),
    'GET /api/admin/proposals': () => ({ body: { items: [] } }),
    'GET /api/admin/bonus/periods': () => ({ body: periodsBody() }),
    'GET /api/admin/bonus/preview': () => ({ body: previewBody() }),
    'POST /api/admin/bonus/periods': () => ({ status: 201, body: closedBody() }),
    ...handlers,
  });
  const user = userEvent.setup();
  renderWithProviders(<BonusPage />, { path: '/admin/bonus' });
  return { requests, user };
}

const previews = (requests: StubRequest[]) =>
  requests.filter((r) => r.url.startsWith('/api/admin/bonus/preview')).map((r) => r.url);
const posts = (requests: StubRequest[]) => requests.filter((r) => r.method === 'POST');

describe('the bonus share-out', () => {
  it('lists the closed periods with their totals', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Closed periods' });
    const [, row] = within(table).getAllByRole('row');
    expect(row).toHaveTextContent(
      '10 January 2025 – 31 March 202581AED 23.332AED 570.372 April 2025 by Fatima Al Mansoori',
    );
  });

  it('shows the fixed start and previews the shares up to yesterday at once', async () => {
    const { requests } = setup();
    expect(await screen.findByText('1 April 2025')).toBeInTheDocument();
    expect(screen.queryByLabelText('Start date')).not.toBeInTheDocument();
    expect(screen.getByLabelText('End date')).toHaveValue('2026-11-21');

    const table = await screen.findByRole('table', {
      name: "Members' shares for 1 April 2025 – 21 November 2026",
    });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent?.replace(/\u00a0/g, ' '))).toEqual([
      'MemberAverage savingsShareBonus',
      'Amina RahmanJM000002AED 3,751.5075 %AED 105',
      'Rahul NairJM000003AED 1,250.5025 %AED 35',
    ]);
    expect(screen.getByText('To share').nextElementSibling).toHaveTextContent('AED 140');
    expect(previews(requests)).toEqual(['/api/admin/bonus/preview?ends_on=2026-11-21']);
  });

  it('previews another end date', async () => {
    const { user, requests } = setup();
    const end = await screen.findByLabelText('End date');
    await user.clear(end);
    await user.type(end, '2025-12-31');
    await user.click(screen.getByRole('button', { name: 'Show the shares' }));
    await waitFor(() =>
      expect(previews(requests)).toContain('/api/admin/bonus/preview?ends_on=2025-12-31'),
    );
  });

  it('lets the first period start on a date the admin chooses', async () => {
    const { user, requests } = setup({
      'GET /api/admin/bonus/periods': () => ({
        body: periodsBody({
          items: [],
          next: { starts_on: '2025-01-10', is_start_fixed: false, latest_ends_on: '2026-11-21' },
        }),
      }),
    });
    expect(await screen.findByText('No period has been closed yet.')).toBeInTheDocument();
    const start = screen.getByLabelText('Start date');
    expect(start).toHaveValue('2025-01-10');
    await user.clear(start);
    await user.type(start, '2025-02-01');
    await user.click(screen.getByRole('button', { name: 'Show the shares' }));
    await waitFor(() =>
      expect(previews(requests)).toContain(
        '/api/admin/bonus/preview?ends_on=2026-11-21&starts_on=2025-02-01',
      ),
    );
  });

  it('closes the period after a confirmation, then starts from the next one', async () => {
    let closed = false;
    const { user, requests } = setup({
      'GET /api/admin/bonus/periods': () => ({
        body: closed
          ? periodsBody({
              items: [closedBody().period, periodBody()],
              next: { starts_on: '2026-11-22', is_start_fixed: true, latest_ends_on: '2026-11-21' },
            })
          : periodsBody(),
      }),
      'POST /api/admin/bonus/periods': () => {
        closed = true;
        return { status: 201, body: closedBody() };
      },
    });
    await screen.findByRole('table', { name: /Members' shares/ });
    await user.click(screen.getByRole('button', { name: 'Close period' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Close 1 April 2025 – 21 November 2026?',
    });
    expect(dialog).toHaveTextContent(
      'AED 140 of interest income will be added to the savings of 2 members, in one journal entry',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close period' }));
    expect(
      await screen.findByText('The period was closed and its income shared out.'),
    ).toBeInTheDocument();
    expect(posts(requests).map((r) => r.body)).toEqual([
      {
        ends_on: '2026-11-21',
        share_fines: false,
        share_other_income: false,
        less_expenses: false,
      },
    ]);
    expect(
      await screen.findByText(
        /The last period ended yesterday. The next one starts on 22 November 2026/,
      ),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Closed periods' })).getAllByRole('row'),
    ).toHaveLength(3);
  });

  it('says why a period cannot be closed and keeps the button off', async () => {
    setup({
      'GET /api/admin/bonus/preview': () => ({
        body: previewBody({
          interest: 0,
          members: [],
          can_close: false,
          blocker: 'There is no income from loans in this period to share.',
        }),
      }),
    });
    expect(
      await screen.findByText('There is no income from loans in this period to share.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close period' })).toBeDisabled();
  });

  it("shows the server's refusal of a period", async () => {
    setup({
      'GET /api/admin/bonus/preview': () =>
        errorBody(
          409,
          'The share-out up to 31 March 2025 is already closed; the next period starts on 1 April 2025.',
        ),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/already closed/);
  });

  it('tells a 409 on close on the page and closes the dialog', async () => {
    const { user } = setup({
      'POST /api/admin/bonus/periods': () => errorBody(409, 'This period was closed a moment ago.'),
    });
    await screen.findByRole('table', { name: /Members' shares/ });
    await user.click(screen.getByRole('button', { name: 'Close period' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Close period' }));
    expect(await screen.findByText('This period was closed a moment ago.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows an empty state when nothing is recorded yet', async () => {
    setup({
      'GET /api/admin/bonus/periods': () => ({
        body: periodsBody({
          items: [],
          next: { starts_on: null, is_start_fixed: false, latest_ends_on: '2026-11-21' },
        }),
      }),
    });
    expect(await screen.findByText('Nothing to share yet')).toBeInTheDocument();
    expect(screen.queryByLabelText('End date')).not.toBeInTheDocument();
  });

  it('shows Loading... and then an error with a retry', async () => {
    let calls = 0;
    const { user } = setup({
      'GET /api/admin/bonus/periods': () =>
        ++calls === 1
          ? errorBody(500, 'Something went wrong on our side.')
          : { body: periodsBody() },
    });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Closed periods' })).toBeInTheDocument();
  });

  it('two admins: a close is proposed (202) and waits; the proposer cannot confirm it', async () => {
    let proposals: ReturnType<typeof bonusProposalBody>[] = [];
    const { user, requests } = setup({
      'GET /api/admin/proposals': () => ({ body: { items: proposals } }),
      'POST /api/admin/bonus/periods': () => {
        proposals = [bonusProposalBody()];
        return { status: 202, body: proposedBody() };
      },
      'POST /api/admin/proposals/8/withdraw': () => {
        proposals = [];
        return { body: { message: 'The proposal was withdrawn.', proposal: bonusProposalBody() } };
      },
    });
    await screen.findByRole('table', { name: /Members' shares/ });
    await user.click(screen.getByRole('button', { name: 'Close period' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Close period' }));
    expect(await screen.findByText('Proposed: waiting for a second admin.')).toBeInTheDocument();

    const box = await screen.findByRole('region', { name: 'Proposed: waiting for a second admin' });
    expect(box).toHaveTextContent(
      'Close 1 April 2025 – 21 November 2026 and share AED 140 of interest income.',
    );
    expect(box).toHaveTextContent(/Proposed by Fatima Al Mansoori on 22 November 2026/);
    expect(box).toHaveTextContent('You proposed this share-out, so you cannot confirm it');
    expect(
      within(box).queryByRole('button', { name: 'Confirm share-out' }),
    ).not.toBeInTheDocument();
    // Nothing closed: no second close from the preview while the proposal waits.
    expect(screen.queryByRole('button', { name: 'Close period' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Closed periods' })).getAllByRole('row'),
    ).toHaveLength(2);

    await user.click(within(box).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('The proposal was withdrawn.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Close period' })).toBeInTheDocument();
    expect(posts(requests).map((r) => r.url)).toEqual([
      '/api/admin/bonus/periods',
      '/api/admin/proposals/8/withdraw',
    ]);
  });

  it("another admin previews the proposal's dates and confirms the share-out with them", async () => {
    let closed = false;
    const { user, requests } = setup({
      'GET /api/profile': () => ({ body: chairProfile() }),
      'GET /api/admin/proposals': () => ({ body: { items: closed ? [] : [bonusProposalBody()] } }),
      'GET /api/admin/bonus/periods': () => ({
        body: periodsBody({
          // A day later: the proposal's end, not yesterday, is what is previewed.
          next: { starts_on: '2025-04-01', is_start_fixed: true, latest_ends_on: '2026-11-22' },
        }),
      }),
      'POST /api/admin/bonus/periods': () => {
        closed = true;
        return { status: 201, body: closedBody() };
      },
    });
    const box = await screen.findByRole('region', { name: 'Proposed: waiting for a second admin' });
    expect(box).toHaveTextContent(/Proposed by Fatima Al Mansoori on 22 November 2026/);
    expect(screen.getByLabelText('End date')).toHaveValue('2026-11-21');
    await waitFor(() =>
      expect(previews(requests)).toEqual(['/api/admin/bonus/preview?ends_on=2026-11-21']),
    );

    await user.click(within(box).getByRole('button', { name: 'Confirm share-out' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Close 1 April 2025 – 21 November 2026?',
    });
    expect(dialog).toHaveTextContent(
      'Fatima Al Mansoori proposed sharing AED 140 of interest income.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm share-out' }));
    expect(
      await screen.findByText('The period was closed and its income shared out.'),
    ).toBeInTheDocument();
    expect(posts(requests).map((r) => r.body)).toEqual([
      {
        starts_on: '2025-04-01',
        ends_on: '2026-11-21',
        share_fines: false,
        share_other_income: false,
        less_expenses: false,
      },
    ]);
  });

  it('previews and closes with what the committee chose to share besides the interest', async () => {
    const { user, requests } = setup({
      // The fines and the expenses chosen: 140 + 20 - 7.50.
      'GET /api/admin/bonus/preview': (req) => ({
        body: req.url.includes('share_fines')
          ? previewBody({
              parts: { interest: 140, fines: 20, other_income: null, expenses: 7.5, shared: 152.5 },
            })
          : previewBody(),
      }),
    });
    await screen.findByRole('table', { name: /Members' shares/ });
    const parts = screen.getByText('To share among the members').closest('dl')!;
    expect(parts).toHaveTextContent(/Late fines received \(not shared\)AED 20/);
    await user.click(screen.getByRole('checkbox', { name: 'The late fines received' }));
    await user.click(
      screen.getByRole('checkbox', {
        name: 'Less the expenses (bank charges, the hall, loans written off)',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Show the shares' }));
    await waitFor(() =>
      expect(previews(requests).at(-1)).toBe(
        '/api/admin/bonus/preview?ends_on=2026-11-21&share_fines=true&less_expenses=true',
      ),
    );
    await waitFor(() =>
      expect(screen.getByText('To share among the members').closest('dl')).toHaveTextContent(
        /Late fines received \(shared\)AED 20/,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Close period' }));
    const dialog = await screen.findByRole('dialog');
    // The surplus, not the interest income: the fines and the expenses are part of it.
    expect(dialog).toHaveTextContent('AED 152.50 of the surplus will be added to the savings');
    await user.click(within(dialog).getByRole('button', { name: 'Close period' }));
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(posts(requests)[0]!.body).toEqual({
      ends_on: '2026-11-21',
      share_fines: true,
      share_other_income: false,
      less_expenses: true,
    });
  });
});
