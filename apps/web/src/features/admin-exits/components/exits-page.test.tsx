import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setupPage, type stubApi, type StubRequest } from '../../../testing/render.tsx';
import { adminProfileBody, overviewBody } from '../../../testing/admin-fixtures.ts';
import { errorBody } from '../../../testing/api-fixtures.ts';
import { chairProfileBody } from '../../../testing/proposal-fixtures.ts';
import {
  closedExitBody,
  exitBody,
  exitPayoutProposal,
  settlementBody,
} from '../../../testing/exit-fixtures.ts';
import type { FundProposal } from '../../../api/proposals.ts';
import { ExitsPage } from './exits-page.tsx';

type Handlers = Parameters<typeof stubApi>[0];

const PAYOUT_URL = '/api/admin/exits/7/payout';

// Fatima (admin 1) signed in, the only active admin, unless a test says otherwise.
const setup = (handlers: Handlers = {}) =>
  setupPage(
    <ExitsPage />,
    {
      'GET /api/admin/exits': () => ({ body: { items: [exitBody(), closedExitBody()] } }),
      'GET /api/admin/proposals': () => ({ body: { items: [] } }),
      'GET /api/admin/overview': () => ({ body: overviewBody() }),
      'GET /api/profile': () => ({ body: adminProfileBody() }),
      ...handlers,
    },
    { path: '/admin/exits', routes: { '/admin/members/:id': 'MEMBER PAGE' } },
  );

const card = async (name: string) =>
  within(await screen.findByRole('listitem', { name: new RegExp(`^${name}`) }));
// The amount's no-break space stays in an accessible name.
const PAY_OUT = /^Pay out AED\s783\.84$/;
const posts = (requests: StubRequest[]) => requests.filter((r) => r.method === 'POST');
/** A line of figures: its label (after its sign) and its amount, as one text. */
function line(region: HTMLElement, label: string) {
  const term = [...region.querySelectorAll('dt')].find((dt) =>
    dt.textContent?.trim().endsWith(label),
  );
  return [term, term?.nextElementSibling]
    .map((part) => part?.textContent?.replace(/\s+/g, ' ').trim())
    .join(' ');
}

describe('the leaving members', () => {
  it('shows each open exit with its settlement, line by line, and links the member', async () => {
    const { user } = setup();
    const amina = await card('Amina Rahman');
    expect(amina.getByText('JM000002')).toBeInTheDocument();
    expect(amina.getByText('Waiting for the payout')).toBeInTheDocument();
    expect(amina.getByText('31 December 2026')).toBeInTheDocument();
    expect(amina.getByText('IBAN AE07 0331 2345 6789 0123 456')).toBeInTheDocument();
    expect(amina.getByText('The member, on 1 December 2026')).toBeInTheDocument();
    const figures = amina.getByRole('region', { name: 'Settlement as of 2 December 2026' });
    const settlement = within(figures);
    expect(line(figures, 'Savings')).toBe('Savings AED 2,400.50');
    expect(line(figures, 'Share-out estimate')).toBe('+ Share-out estimate AED 120');
    expect(line(figures, 'Loan still owed')).toBe('− Loan still owed AED 1,426.66');
    expect(line(figures, 'Late fines unpaid')).toBe('− Late fines unpaid AED 10');
    expect(line(figures, 'Held for guarantees')).toBe('− Held for guarantees AED 300');
    expect(line(figures, 'Payout')).toBe('= Payout AED 783.84');
    expect(
      settlement.getByText(
        '1 month of dues unpaid (AED 200) is closed at exit, not taken from the savings.',
      ),
    ).toBeInTheDocument();
    expect(settlement.queryByText('Not payable yet:')).not.toBeInTheDocument();
    expect(amina.getByRole('button', { name: PAY_OUT })).toBeEnabled();

    await user.click(amina.getByRole('link', { name: 'Amina Rahman' }));
    expect(await screen.findByText('MEMBER PAGE')).toBeInTheDocument();
  });

  it("shows a closed exit's settled figures, the committee's reason and its clearance letter", async () => {
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this);
    });
    const { user, requests } = setup({
      'GET /api/admin/exits/5/clearance-letter': () => ({ body: '%PDF-1.3' }),
    });
    localStorage.setItem('ts_token', 'admin-token');
    const past = within(
      await screen.findByRole('region', { name: 'Recently closed or withdrawn' }),
    );
    const rahul = within(past.getByRole('listitem', { name: /^Rahul Nair/ }));
    expect(rahul.getByText('Closed')).toBeInTheDocument();
    expect(rahul.getByText('The committee, on 1 October 2026')).toBeInTheDocument();
    expect(rahul.getByText('Moved back to Kerala')).toBeInTheDocument();
    expect(rahul.getByText('Cash at the office')).toBeInTheDocument();
    const settled = within(rahul.getByRole('region', { name: 'Settled at the payout' }));
    expect(settled.getByText('Paid out').nextSibling).toHaveTextContent('AED 1,600');
    expect(rahul.queryByRole('button', { name: /Pay out/ })).not.toBeInTheDocument();

    await user.click(rahul.getByRole('button', { name: 'Clearance letter (PDF)' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]?.download).toBe('clearance-letter-JM000003.pdf');
    const call = requests.find((r) => r.url === '/api/admin/exits/5/clearance-letter');
    expect(call?.headers.get('authorization')).toBe('Bearer admin-token');
  });

  it('says why a payout cannot be made yet, and holds its button', async () => {
    setup({
      'GET /api/admin/exits': () => ({
        body: {
          items: [
            exitBody({
              settlement: settlementBody({
                savings: 400,
                share_out: 0,
                loan_owed: 1426.66,
                held_for_guarantees: 0,
                payout: 0,
                shortfall: 1036.66,
                blockers: [
                  'A receipt of AED 200 is waiting for review.',
                  'Amina Rahman owes AED 1,036.66 more than the savings: it must be repaid first.',
                ],
              }),
            }),
          ],
        },
      }),
    });
    const amina = await card('Amina Rahman');
    const item = screen.getByRole('listitem', { name: /^Amina Rahman/ });
    expect(line(item, 'Owed beyond the savings')).toBe('Owed beyond the savings AED 1,036.66');
    expect(amina.queryByText('Share-out estimate', { exact: false })).not.toBeInTheDocument();
    expect(amina.getByText('A receipt of AED 200 is waiting for review.')).toBeInTheDocument();
    const button = amina.getByRole('button', { name: /^Pay out AED\s0$/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/A receipt of AED 200 is waiting for review\./);
    expect(button).toHaveAccessibleDescription(/it must be repaid first\./);
    // No closed ones: their list is not there.
    expect(
      screen.queryByRole('region', { name: 'Recently closed or withdrawn' }),
    ).not.toBeInTheDocument();
  });

  it('closes a holding exit whose guarantees hold nothing any more, even with nothing to pay', async () => {
    setup({
      'GET /api/admin/exits': () => ({
        body: {
          items: [
            exitBody({
              state: 'holding',
              left_on: '2026-12-31',
              settlement: settlementBody({
                savings: 0,
                share_out: 0,
                loan_owed: 0,
                fines_owed: 0,
                dues_unpaid: 0,
                dues_unpaid_months: 0,
                held_for_guarantees: 0,
                payout: 0,
              }),
            }),
          ],
        },
      }),
    });
    const amina = await card('Amina Rahman');
    expect(amina.getByRole('button', { name: /^Pay out AED\s0$/ })).toBeEnabled();
  });

  it('pays out the amount shown, alone (200), and shows the exit as it now is', async () => {
    let amina = exitBody();
    const { user, requests } = setup({
      'GET /api/admin/exits': () => ({ body: { items: [amina] } }),
      [`POST ${PAYOUT_URL}`]: () => {
        amina = exitBody({
          state: 'holding',
          left_on: '2026-12-02',
          settlement: settlementBody({
            savings: 300,
            share_out: 0,
            loan_owed: 0,
            fines_owed: 0,
            payout: 0,
          }),
          settled: {
            savings: 2400.5,
            share_out: 120,
            loan_repaid: 1426.66,
            fines_paid: 10,
            dues_closed: 200,
            paid_out: 783.84,
            held: 300,
          },
        });
        return {
          body: { message: 'Amina Rahman was paid out; the membership has ended.', exit: amina },
        };
      },
    });
    const card7 = await card('Amina Rahman');
    await user.click(card7.getByRole('button', { name: PAY_OUT }));
    const dialog = within(
      screen.getByRole('dialog', { name: "Pay out Amina Rahman's settlement?" }),
    );
    expect(
      dialog.getByText(/AED.783\.84 is paid to .Amina Rahman., who leaves the association\./),
    ).toBeInTheDocument();
    expect(dialog.getByText('IBAN AE07 0331 2345 6789 0123 456')).toBeInTheDocument();
    // The cash it leaves: 3,019.99 − 783.84.
    expect(dialog.getByText('AED 2,236.15')).toBeInTheDocument();
    expect(posts(requests)).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Pay out' }));
    expect(
      await screen.findByText('Amina Rahman was paid out; the membership has ended.'),
    ).toBeInTheDocument();
    const [payout] = posts(requests);
    expect(payout?.url).toBe(PAYOUT_URL);
    expect(payout?.body).toEqual({ amount: 783.84 });
    expect(payout?.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const after = await card('Amina Rahman');
    expect(after.getByText('Paid out, savings held')).toBeInTheDocument();
    expect(after.getByText('Membership ended on')).toBeInTheDocument();
    expect(
      after.getByText(
        'The rest of the savings is held for guarantees: it is paid out once released.',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 3, name: 'Amina Rahman' })).toHaveFocus(),
    );
  });

  it('proposes it with two admins (202): it waits, and its proposer can only withdraw it', async () => {
    let proposals: FundProposal[] = [];
    const { user, requests } = setup({
      'GET /api/admin/overview': () => ({ body: overviewBody({ active_admins: 2 }) }),
      'GET /api/admin/proposals': () => ({ body: { items: proposals } }),
      [`POST ${PAYOUT_URL}`]: () => {
        proposals = [exitPayoutProposal()];
        return {
          status: 202,
          body: {
            message: 'Proposed. A second admin must confirm before the payout is made.',
            pending_confirmation: true,
            proposal: exitPayoutProposal(),
          },
        };
      },
    });
    const amina = await card('Amina Rahman');
    expect(
      await amina.findByText(/a second admin confirms it before the money is sent/),
    ).toBeInTheDocument();
    await user.click(amina.getByRole('button', { name: PAY_OUT }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText(/This proposes the payout/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Propose payout' }));
    expect(
      await screen.findByText('Proposed: another admin must confirm the payout.'),
    ).toBeInTheDocument();
    expect(posts(requests)[0]?.body).toEqual({ amount: 783.84 });
    const waiting = within(
      await amina.findByRole('region', { name: 'Proposed: waiting for a second admin' }),
    );
    expect(waiting.getByText('Pay out AED 783.84 to Amina Rahman.')).toBeInTheDocument();
    expect(waiting.getByText(/You proposed this, so you cannot confirm it/)).toBeInTheDocument();
    expect(waiting.queryByRole('button', { name: 'Confirm payout' })).not.toBeInTheDocument();
    expect(waiting.getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(amina.queryByRole('button', { name: /^Pay out/ })).not.toBeInTheDocument();
  });

  it("another admin confirms the proposal by repeating the call with the proposal's amount", async () => {
    let proposals = [exitPayoutProposal()];
    const { user, requests } = setup({
      'GET /api/profile': () => ({ body: chairProfileBody() }),
      'GET /api/admin/overview': () => ({ body: overviewBody({ active_admins: 2 }) }),
      'GET /api/admin/proposals': () => ({ body: { items: proposals } }),
      [`POST ${PAYOUT_URL}`]: () => {
        proposals = [];
        return {
          body: {
            message: 'Amina Rahman was paid out; the membership has ended.',
            exit: exitBody({ state: 'closed', left_on: '2026-12-02', settlement: null }),
          },
        };
      },
    });
    const amina = await card('Amina Rahman');
    const waiting = within(
      await amina.findByRole('region', { name: 'Proposed: waiting for a second admin' }),
    );
    expect(waiting.getByText(/Proposed by Fatima Al Mansoori on 2 December 2026/)).toBeVisible();
    await user.click(waiting.getByRole('button', { name: 'Confirm payout' }));
    const dialog = within(
      screen.getByRole('dialog', { name: 'Confirm the payout to Amina Rahman?' }),
    );
    expect(dialog.getByText(/Proposed by Fatima Al Mansoori/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Confirm payout' }));
    expect(
      await screen.findByText('Amina Rahman was paid out; the membership has ended.'),
    ).toBeInTheDocument();
    expect(posts(requests)).toEqual([
      expect.objectContaining({ url: PAYOUT_URL, body: { amount: 783.84 } }),
    ]);
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Proposed: waiting for a second admin' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('a refusal (409) closes the dialog and says why', async () => {
    const { user } = setup({
      [`POST ${PAYOUT_URL}`]: () =>
        errorBody(409, 'The settlement moved since it was shown: check it again.'),
    });
    const amina = await card('Amina Rahman');
    await user.click(amina.getByRole('button', { name: PAY_OUT }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Pay out' }));
    expect(
      await screen.findByText('The settlement moved since it was shown: check it again.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers an admin no payout of their own exit, nor its confirmation', async () => {
    const amina = adminProfileBody();
    amina.userData = { ...amina.userData, id: 2, unique_id: 'JM000002', name: 'Amina Rahman' };
    setup({ 'GET /api/profile': () => ({ body: amina }) });
    const card7 = await card('Amina Rahman');
    expect(
      await card7.findByText('This is your own exit: another admin pays it out.'),
    ).toBeInTheDocument();
    expect(card7.queryByRole('button', { name: PAY_OUT })).not.toBeInTheDocument();
  });

  it('says so when no member is leaving', async () => {
    setup({ 'GET /api/admin/exits': () => ({ body: { items: [] } }) });
    expect(await screen.findByText('No member has asked to leave.')).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    let calls = 0;
    const { user } = setup({
      'GET /api/admin/exits': () =>
        ++calls === 1
          ? errorBody(500, 'Something went wrong on our side.')
          : { body: { items: [exitBody()] } },
    });
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await card('Amina Rahman')).toBeTruthy();
  });
});
