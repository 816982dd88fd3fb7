import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupPage, type stubApi, type StubRequest } from '../../../testing/render.tsx';
import { errorBody } from '../../../testing/api-fixtures.ts';
import { fine, fineProposal } from '../../../testing/admin-fixtures.ts';
import { memberDetail, signedInAs } from '../testing/fixtures.ts';
import { MemberDetailPage } from './member-detail-page.tsx';

type Handlers = Parameters<typeof stubApi>[0];

// Amina's page (member 2), seen by Fatima (admin 1) unless a test signs in as someone else.
const setup = (handlers: Handlers = {}) =>
  setupPage(
    <MemberDetailPage />,
    {
      'GET /api/admin/members/2': () => ({ body: memberDetail() }),
      'GET /api/profile': () => ({ body: signedInAs() }),
      'GET /api/admin/proposals': () => ({ body: { items: [] } }),
      'GET /api/admin/exits': () => ({ body: { items: [] } }),
      ...handlers,
    },
    { path: '/admin/members/:id', at: '/admin/members/2' },
  );

const finesPanel = async () => within(await screen.findByRole('region', { name: 'Late fines' }));
const item = (month: string) =>
  screen.getByRole('heading', { level: 3, name: month }).closest('li')!;
const posts = (requests: StubRequest[]) => requests.filter((r) => r.method === 'POST');
const WAIVE_URL = '/api/admin/members/2/fines/2026-11/waive';
const OMAR = { id: 5, unique_id: 'JM000005', name: 'Omar Said' };

describe("a member's late fines", () => {
  it('lists each month: its fine, when it was charged, a late salary and a waiver', async () => {
    setup({
      'GET /api/admin/members/2/fines': () => ({
        body: {
          items: [
            fine({ salary_late_on: '2026-11-10', fined_at: '2026-11-25T02:00:00.000Z' }),
            fine({
              period: '2026-10',
              month: 'October 2026',
              fine: 20,
              fined_at: '2026-10-16T02:00:00.000Z',
              waived: 20,
              waived_at: '2026-10-20T09:00:00.000Z',
              waive_reason: 'Paid the same day by hand',
            }),
          ],
        },
      }),
    });
    const panel = await finesPanel();
    expect(await panel.findAllByRole('listitem')).toHaveLength(2);
    const november = within(item('November 2026'));
    expect(november.getByText('AED 10')).toBeInTheDocument();
    expect(november.getByText('Charged on 25 November 2026')).toBeInTheDocument();
    expect(november.getByText('Salary late noted 10 November 2026')).toBeInTheDocument();
    expect(november.getByRole('button', { name: 'Waive' })).toHaveAccessibleDescription(
      'November 2026',
    );
    const october = within(item('October 2026'));
    expect(october.getByText('Charged on 16 October 2026')).toBeInTheDocument();
    expect(october.getByText('Waived')).toBeInTheDocument();
    expect(october.getByText('AED 20 waived on 20 October 2026')).toBeInTheDocument();
    expect(october.getByText('Reason: Paid the same day by hand')).toBeInTheDocument();
    expect(october.queryByText(/Salary late/)).not.toBeInTheDocument();
    expect(october.queryByRole('button', { name: 'Waive' })).not.toBeInTheDocument();
  });

  it('says so when there is none', async () => {
    setup({ 'GET /api/admin/members/2/fines': () => ({ body: { items: [] } }) });
    expect(await (await finesPanel()).findByText('No late fines.')).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    let calls = 0;
    const { user } = setup({
      'GET /api/admin/members/2/fines': () =>
        ++calls === 1
          ? errorBody(500, 'Something went wrong on our side.')
          : { body: { items: [fine()] } },
    });
    const panel = await finesPanel();
    expect(await panel.findByText('Something went wrong on our side.')).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Try again' }));
    expect(await panel.findByRole('heading', { name: 'November 2026' })).toBeInTheDocument();
  });

  it('waives a fine with the reason asked for, and shows it waived (200)', async () => {
    let november = fine();
    const { user, requests } = setup({
      'GET /api/admin/members/2/fines': () => ({ body: { items: [november] } }),
      [`POST ${WAIVE_URL}`]: (req) => {
        november = fine({
          waived: 10,
          waived_at: '2026-12-02T09:00:00.000Z',
          waive_reason: (req.body as { reason: string }).reason,
        });
        return {
          body: { message: 'The fine was waived; the member is told why.', fine: november },
        };
      },
    });
    const panel = await finesPanel();
    await user.click(await panel.findByRole('button', { name: 'Waive' }));
    const dialog = within(
      screen.getByRole('dialog', { name: 'Waive the late fine for November 2026?' }),
    );
    expect(dialog.getByText(/Amina Rahman\W+s fine of AED 10 is cancelled/)).toBeInTheDocument();
    // The reason is required: the member reads it.
    await user.click(dialog.getByRole('button', { name: 'Waive fine' }));
    expect(await dialog.findByText('Reason is required.')).toBeInTheDocument();
    expect(posts(requests)).toHaveLength(0);
    await user.type(dialog.getByLabelText('Reason for the waiver'), 'Hospital stay');
    await user.click(dialog.getByRole('button', { name: 'Waive fine' }));
    expect(
      await screen.findByText('The fine was waived; the member is told why.'),
    ).toBeInTheDocument();
    const [waive] = posts(requests);
    expect(waive?.url).toBe(WAIVE_URL);
    expect(waive?.body).toEqual({ reason: 'Hospital stay' });
    expect(waive?.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const waived = within(item('November 2026'));
    expect(waived.getByText('Reason: Hospital stay')).toBeInTheDocument();
    expect(waived.getByText('AED 10 waived on 2 December 2026')).toBeInTheDocument();
    expect(waived.queryByRole('button', { name: 'Waive' })).not.toBeInTheDocument();
    // The focus, its button gone, is on the month.
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'November 2026' })).toHaveFocus(),
    );
  });

  it('proposes it with two admins (202): it waits, and its proposer can only withdraw it', async () => {
    let proposals: ReturnType<typeof fineProposal>[] = [];
    const { user } = setup({
      'GET /api/admin/members/2/fines': () => ({ body: { items: [fine()] } }),
      'GET /api/admin/proposals': () => ({ body: { items: proposals } }),
      [`POST ${WAIVE_URL}`]: () => {
        proposals = [fineProposal()];
        return {
          status: 202,
          body: {
            message: 'Proposed. A second admin must confirm before the fine is waived.',
            pending_confirmation: true,
            proposal: fineProposal(),
          },
        };
      },
    });
    await user.click(await (await finesPanel()).findByRole('button', { name: 'Waive' }));
    const dialog = within(
      screen.getByRole('dialog', { name: 'Waive the late fine for November 2026?' }),
    );
    await user.type(
      dialog.getByLabelText('Reason for the waiver'),
      'Her salary came late through no fault of hers',
    );
    await user.click(dialog.getByRole('button', { name: 'Waive fine' }));
    expect(
      await screen.findByText('Proposed. A second admin must confirm before the fine is waived.'),
    ).toBeInTheDocument();
    const waiting = within(
      await screen.findByRole('region', { name: 'Proposed: waiting for a second admin' }),
    );
    expect(
      waiting.getByText('Waive AED 10 of the late fine for November 2026.'),
    ).toBeInTheDocument();
    expect(
      waiting.getByText('Reason: Her salary came late through no fault of hers'),
    ).toBeInTheDocument();
    expect(waiting.getByText(/You proposed this, so you cannot confirm it/)).toBeInTheDocument();
    expect(waiting.queryByRole('button', { name: 'Confirm waiver' })).not.toBeInTheDocument();
    expect(waiting.getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Waive' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { name: 'Proposed: waiting for a second admin' }),
      ).toHaveFocus(),
    );
  });

  it("another admin confirms it by repeating the call, with the proposer's reason", async () => {
    let proposals = [fineProposal()];
    let waived = false;
    const { user, requests } = setup({
      'GET /api/profile': () => ({ body: signedInAs(OMAR) }),
      'GET /api/admin/members/2/fines': () => ({
        body: {
          items: [
            waived
              ? fine({
                  waived: 10,
                  waived_at: '2026-12-03T09:00:00.000Z',
                  waive_reason: 'Her salary came late through no fault of hers',
                })
              : fine(),
          ],
        },
      }),
      'GET /api/admin/proposals': () => ({ body: { items: proposals } }),
      [`POST ${WAIVE_URL}`]: () => {
        proposals = [];
        waived = true;
        return {
          body: {
            message: 'The fine was waived; the member is told why.',
            fine: fine({ waived: 10, waived_at: '2026-12-03T09:00:00.000Z' }),
          },
        };
      },
    });
    const waiting = within(
      await screen.findByRole('region', { name: 'Proposed: waiting for a second admin' }),
    );
    expect(waiting.getByText(/Proposed by Fatima Al Mansoori on 2 December 2026/)).toBeVisible();
    await user.click(waiting.getByRole('button', { name: 'Confirm waiver' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Confirm the fine waiver?' }));
    expect(
      dialog.getByText(
        /Fatima Al Mansoori.* proposed waiving AED 10 of .*Amina Rahman.*'s late fine for November 2026\./,
      ),
    ).toBeInTheDocument();
    expect(
      dialog.getByText('Reason: Her salary came late through no fault of hers'),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Confirm waiver' }));
    expect(
      await screen.findByText('The fine was waived; the member is told why.'),
    ).toBeInTheDocument();
    expect(posts(requests)).toEqual([
      expect.objectContaining({
        url: WAIVE_URL,
        body: { reason: 'Her salary came late through no fault of hers' },
      }),
    ]);
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Proposed: waiting for a second admin' }),
      ).not.toBeInTheDocument(),
    );
    expect(await within(item('November 2026')).findByText('Waived')).toBeInTheDocument();
  });

  it('a conflict on confirming closes the dialog and says why', async () => {
    const { user } = setup({
      'GET /api/profile': () => ({ body: signedInAs(OMAR) }),
      'GET /api/admin/members/2/fines': () => ({ body: { items: [fine()] } }),
      'GET /api/admin/proposals': () => ({ body: { items: [fineProposal()] } }),
      [`POST ${WAIVE_URL}`]: () =>
        errorBody(409, 'The fine for November 2026 is paid; there is nothing to waive.'),
    });
    const waiting = within(
      await screen.findByRole('region', { name: 'Proposed: waiting for a second admin' }),
    );
    await user.click(waiting.getByRole('button', { name: 'Confirm waiver' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Confirm the fine waiver?' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm waiver' }));
    expect(
      await screen.findByText('The fine for November 2026 is paid; there is nothing to waive.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("offers no waiver of an admin's own fines", async () => {
    setup({
      'GET /api/profile': () => ({
        body: signedInAs({ id: 2, unique_id: 'JM000002', name: 'Amina Rahman' }),
      }),
      'GET /api/admin/members/2/fines': () => ({ body: { items: [fine()] } }),
    });
    const panel = await finesPanel();
    expect(
      await panel.findByText('These are your own fines: only another admin may waive them.'),
    ).toBeInTheDocument();
    expect(panel.getByRole('heading', { name: 'November 2026' })).toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'Waive' })).not.toBeInTheDocument();
  });
});
