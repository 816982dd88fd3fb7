import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupPage, type stubApi, type StubRequest } from '../../../testing/render.tsx';
import {
  adminProfileBody,
  fine,
  fineProposal,
  overviewBody,
} from '../../../testing/admin-fixtures.ts';
import { chairProfileBody } from '../../../testing/proposal-fixtures.ts';
import { exitPayoutProposal } from '../../../testing/exit-fixtures.ts';
import { canConfirmWaiver } from '../../../api/waive-fine.ts';
import { AdminOverviewPage } from './overview-page.tsx';
import { RequireAdmin } from './require-admin.tsx';

type Handlers = Parameters<typeof stubApi>[0];

const REASON = 'Her salary came late through no fault of hers';
const WAIVE_URL = '/api/admin/members/2/fines/2026-11/waive';

function setup(handlers: Handlers = {}) {
  // Fatima's proposal to waive what is left of Amina's late fine for November 2026.
  let proposals = [fineProposal()];
  const page = setupPage(
    // As the admin layout draws it: once the profile has said who is signed in.
    <RequireAdmin fallback="NOT AN ADMIN">
      <AdminOverviewPage />
    </RequireAdmin>,
    {
      'GET /api/admin/overview': () => ({ body: overviewBody({ active_admins: 2, proposals }) }),
      'GET /api/profile': () => ({ body: chairProfileBody() }),
      [`POST ${WAIVE_URL}`]: () => {
        proposals = [];
        return {
          body: {
            message: 'The fine was waived; the member is told why.',
            fine: fine({
              waived: 10,
              waived_at: '2026-12-03T09:00:00.000Z',
              waive_reason: REASON,
            }),
          },
        };
      },
      ...handlers,
    },
    { path: '/admin' },
  );
  return page;
}

const posts = (requests: StubRequest[]) => requests.filter((r) => r.method === 'POST');
const waiting = async () => {
  const section = await screen.findByRole('region', { name: 'Waiting for a second admin' });
  const [item] = await within(section).findAllByRole('listitem');
  return { section, item: item! };
};

describe("a late fine's waiver on the overview", () => {
  it('shows the member, the month, the amount and the reason, leading to the member', async () => {
    setup();
    const { item } = await waiting();
    expect(within(item).getByRole('heading', { name: 'Late fine waiver' })).toBeInTheDocument();
    expect(item).toHaveTextContent('AED 10');
    expect(item).toHaveTextContent('Amina Rahman · JM000002');
    expect(item).toHaveTextContent('Late fine for November 2026');
    expect(item).toHaveTextContent(`Reason: ${REASON}`);
    expect(item).toHaveTextContent(/Proposed by Fatima Al Mansoori on 2 December 2026/);
    expect(within(item).getByRole('link', { name: "Open the member's page" })).toHaveAttribute(
      'href',
      '/admin/members/2',
    );
  });

  it("another admin confirms it here, repeating the call with the proposer's reason", async () => {
    const { user, requests } = setup();
    const { section, item } = await waiting();
    const confirm = await within(item).findByRole('button', { name: 'Confirm waiver' });
    expect(confirm).toHaveAccessibleDescription('Late fine waiver');
    await user.click(confirm);
    const dialog = within(screen.getByRole('dialog', { name: 'Confirm the fine waiver?' }));
    expect(dialog.getByText(`Reason: ${REASON}`)).toBeInTheDocument();
    expect(posts(requests)).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Confirm waiver' }));
    expect(
      await screen.findByText('The fine was waived; the member is told why.'),
    ).toBeInTheDocument();
    const [call] = posts(requests);
    expect(call?.url).toBe(WAIVE_URL);
    expect(call?.body).toEqual({ reason: REASON });
    expect(call?.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() =>
      expect(section).toHaveTextContent('Nothing is waiting for a second admin.'),
    );
  });

  it('a refusal stays written in the dialog', async () => {
    const { user } = setup({
      [`POST ${WAIVE_URL}`]: () => ({
        status: 403,
        body: {
          status_code: 403,
          message: 'You cannot waive your own fine; another admin must.',
        },
      }),
    });
    const { item } = await waiting();
    await user.click(await within(item).findByRole('button', { name: 'Confirm waiver' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Confirm the fine waiver?' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm waiver' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'You cannot waive your own fine; another admin must.',
    );
  });

  it('offers its proposer no confirmation, only the withdrawal', async () => {
    const { queryClient } = setup({ 'GET /api/profile': () => ({ body: adminProfileBody() }) });
    // Drawn once the profile has said who is signed in (RequireAdmin): her, the proposer.
    const { item } = await waiting();
    await waitFor(() => expect(queryClient.getQueryData(['profile'])).toBeDefined());
    expect(await within(item).findByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Confirm waiver' })).not.toBeInTheDocument();
  });
});

describe('who may confirm a waiver (canConfirmWaiver)', () => {
  const FATIMA_ID = fineProposal().proposed_by.id;
  const AMINA_ID = fineProposal().member!.id;
  const YUSUF_ID = chairProfileBody().userData.id;

  it('another admin, once known', () => {
    expect(canConfirmWaiver(fineProposal(), YUSUF_ID)).toBe(true);
    expect(canConfirmWaiver(fineProposal(), undefined)).toBe(false);
  });

  it('neither its proposer nor the admin whose fine it is', () => {
    expect(canConfirmWaiver(fineProposal(), FATIMA_ID)).toBe(false);
    expect(canConfirmWaiver(fineProposal(), AMINA_ID)).toBe(false);
  });

  it('nothing but a waiver', () => {
    expect(canConfirmWaiver(fineProposal({ action: 'member.deactivate' }), YUSUF_ID)).toBe(false);
    expect(canConfirmWaiver(fineProposal({ details: null }), YUSUF_ID)).toBe(false);
  });
});

describe("a leaving member's payout on the overview", () => {
  it('says what it is, for whom and how much, and leads to the leaving members', async () => {
    setup({
      'GET /api/admin/overview': () => ({
        body: overviewBody({ active_admins: 2, proposals: [exitPayoutProposal()] }),
      }),
    });
    const { item } = await waiting();
    expect(
      within(item).getByRole('heading', { name: 'Payout to a leaving member' }),
    ).toBeInTheDocument();
    expect(item).toHaveTextContent('AED 783.84');
    expect(item).toHaveTextContent('Amina Rahman · JM000002');
    expect(item).toHaveTextContent(
      'Their savings less what they owe, paid as they leave the association.',
    );
    expect(item).toHaveTextContent(/Proposed by Fatima Al Mansoori on 2 December 2026/);
    const link = within(item).getByRole('link', { name: 'Open the leaving members' });
    expect(link).toHaveAttribute('href', '/admin/exits');
    expect(link).toHaveAccessibleDescription('Payout to a leaving member');
    // Confirmed beside its figures, on the leaving members' page.
    expect(within(item).queryByRole('button', { name: /Confirm/ })).not.toBeInTheDocument();
  });
});

describe("a year's reopening on the overview", () => {
  it('says which year and why, and leads to the years, where it is confirmed', async () => {
    const reopening = {
      ...exitPayoutProposal(),
      action: 'year.reopen' as const,
      member: null,
      amount: null,
      details: { year: 2025, reason: 'The auditor found a missing invoice' },
    };
    setup({
      'GET /api/admin/overview': () => ({
        body: overviewBody({ active_admins: 2, proposals: [reopening] }),
      }),
    });
    const { item } = await waiting();
    expect(within(item).getByRole('heading', { name: 'Reopening a year' })).toBeInTheDocument();
    expect(item).toHaveTextContent('Year: 2025 · Reason: The auditor found a missing invoice');
    const link = within(item).getByRole('link', { name: 'Open the years' });
    expect(link).toHaveAttribute('href', '/admin#overview-years');
  });
});
