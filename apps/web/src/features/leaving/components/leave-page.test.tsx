import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExitRequest, MyExit } from '@jamiya/contracts/exits';
import { isolated } from '../../../lib/bidi.ts';
import { tellNetworkWaits } from '../../../lib/query-client.ts';
import { dubaiToday } from '../../../lib/today.ts';
import { setupPage, type stubApi } from '../../../testing/render.tsx';
import { exit, exitAnswerBody, myExitBody, paidExit, settlement } from '../testing/fixtures.ts';
import { LeavePage } from './leave-page.tsx';

type Handlers = Parameters<typeof stubApi>[0];

const PAY_TO = 'IBAN AE07 0331 2345 6789 0123 456';
const SENT = 'Your request to leave is with the committee.';
const WITHDRAWN = 'Your request to leave is withdrawn. You are still a member.';

/** A server that keeps the member's exit and answers as the real one does. */
function server(start: MyExit = myExitBody()): Handlers {
  let state = start;
  return {
    'GET /api/my-exit': () => ({ body: state }),
    'POST /api/my-exit': (req) => {
      const body = req.body as ExitRequest;
      const asked = exit({ leave_on: body.leave_on, pay_to: body.pay_to });
      state = { ...state, exit: asked };
      return { body: exitAnswerBody(SENT, asked) };
    },
    'POST /api/my-exit/withdraw': () => {
      const withdrawn = exit({ ...state.exit!, state: 'withdrawn' });
      state = { ...state, exit: withdrawn };
      return { body: exitAnswerBody(WITHDRAWN, withdrawn) };
    },
  };
}

const open = (handlers: Handlers = server()) =>
  setupPage(<LeavePage />, handlers, { path: '/user/leave' });

/** The amount beside a line of a sum, by its label. */
const amountOf = (label: string, inside: HTMLElement = document.body) =>
  within(inside).getByText(label, { selector: 'dt' }).nextElementSibling;

const settlementSection = () => screen.getByRole('region', { name: 'What you would be paid' });

afterEach(() => {
  onlineManager.setOnline(true);
});

describe('Leave the association', () => {
  it('shows what leaving would pay out today, line by line, before anything is asked', async () => {
    open();
    const section = await screen.findByRole('region', { name: 'What you would be paid' });
    expect(within(section).getByText("Today's figures, 2 December 2026")).toBeInTheDocument();
    expect(amountOf('Your savings', section)).toHaveTextContent('AED 2,400.50');
    expect(amountOf('Your bonus share so far', section)).toHaveTextContent('AED 120');
    expect(amountOf('Loan still owed', section)).toHaveTextContent('-AED 1,426.66');
    expect(amountOf('Late fines unpaid', section)).toHaveTextContent('-AED 10');
    expect(
      within(section).getByText(
        'Stays held until the loans you guarantee are repaid, then it is paid to you.',
      ),
    ).toBeInTheDocument();
    expect(
      within(section).getByText('Held for your guarantees', { exact: false, selector: 'dt' })
        .nextElementSibling,
    ).toHaveTextContent('-AED 300');
    expect(amountOf('Paid out to you', section)).toHaveTextContent('AED 783.84');
    expect(
      within(section).getByText(
        'Dues unpaid: AED 400 (2 months). They are closed when you leave: a due paid now would be added to your savings and paid straight back, so you need not pay it.',
      ),
    ).toBeInTheDocument();
    // Nothing stands in the way of the payout, and nothing is owed beyond the savings.
    expect(within(section).queryByRole('list')).not.toBeInTheDocument();
    expect(within(section).queryByText(/more than your savings/)).not.toBeInTheDocument();
  });

  it('leaves out a bonus share of nothing', async () => {
    open(server(myExitBody({ settlement: settlement({ share_out: 0, dues_unpaid: 0 }) })));
    const section = await screen.findByRole('region', { name: 'What you would be paid' });
    expect(within(section).queryByText('Your bonus share so far')).not.toBeInTheDocument();
    expect(within(section).queryByText(/Dues unpaid/)).not.toBeInTheDocument();
  });

  it('says plainly what is owed beyond the savings and why the payout cannot be made yet', async () => {
    const blockers = [
      'A receipt of yours is still under review.',
      'You owe AED 500 more than your savings: repay it first.',
    ];
    open(
      server(
        myExitBody({
          settlement: settlement({ loan_owed: 2900.5, payout: 0, shortfall: 500, blockers }),
        }),
      ),
    );
    await screen.findByRole('region', { name: 'What you would be paid' });
    expect(
      screen.getByText(
        'You owe AED 500 more than your savings. Repay it before the committee can pay you out.',
      ),
    ).toBeInTheDocument();
    const list = within(settlementSection()).getByRole('list', {
      name: 'Before the committee can pay you out',
    });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(blockers);
    // The member may still ask: the payout waits for them.
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('asks to leave after the member confirms, then shows the request waiting for the payout', async () => {
    const { requests, user } = open();
    const payTo = await screen.findByRole('textbox', { name: 'Where to pay out' });
    expect(payTo).toHaveAccessibleDescription('A bank account (IBAN), an exchange house, or cash.');
    await user.type(payTo, `  ${PAY_TO} `);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // Nothing is sent before the member says yes.
    const confirm = within(await screen.findByRole('group', { name: 'Are you sure?' }));
    expect(screen.getByRole('heading', { name: 'Are you sure?' })).toHaveFocus();
    expect(
      confirm.getByText(
        'This ends your membership once the committee pays out. Until then you can withdraw your request.',
      ),
    ).toBeInTheDocument();
    expect(confirm.getByText(`Pay out to: ${isolated(PAY_TO)}`)).toBeInTheDocument();
    expect(confirm.getByText('What you would be paid today: AED 783.84')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.click(confirm.getByRole('button', { name: 'Yes, ask to leave' }));

    expect(await screen.findByText(SENT)).toBeInTheDocument();
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      url: '/api/my-exit',
      body: { leave_on: dubaiToday(), pay_to: PAY_TO },
    });
    const request = await screen.findByRole('region', { name: 'Your request to leave' });
    expect(within(request).getByText('Waiting for the payout')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your request to leave' })).toHaveFocus();
    expect(within(request).getByRole('button', { name: 'Withdraw my request' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it('goes back to the form without sending anything', async () => {
    const { requests, user } = open();
    await user.type(await screen.findByLabelText('Where to pay out'), 'Cash at the office');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('group', { name: 'Are you sure?' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('says what is missing before asking anything', async () => {
    const { requests, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText(
        'Say where to pay out: a bank account (IBAN), an exchange house or cash.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Where to pay out')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('group', { name: 'Are you sure?' })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it("shows the server's field error on its field", async () => {
    const message = 'Where to pay out contains characters that are not allowed.';
    const { user } = open({
      ...server(),
      'POST /api/my-exit': () => ({
        status: 422,
        body: { status_code: 422, message: 'Check the form.', errors: { pay_to: [message] } },
      }),
    });
    const payTo = await screen.findByLabelText('Where to pay out');
    await user.type(payTo, 'Exchange house, Al Ansari');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, ask to leave' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(payTo).toHaveAttribute('aria-invalid', 'true');
    expect(payTo).toHaveAccessibleDescription(message);
    expect(payTo).toHaveFocus();
    expect(screen.queryByRole('group', { name: 'Are you sure?' })).not.toBeInTheDocument();
  });

  it('says in a toast why the server refused without a field, and reads the request again', async () => {
    const message = 'You have already asked to leave.';
    let calls = 0;
    const { user } = open({
      'GET /api/my-exit': () => ({
        body: ++calls === 1 ? myExitBody() : myExitBody({ exit: exit() }),
      }),
      'POST /api/my-exit': () => ({ status: 409, body: { status_code: 409, message } }),
    });
    await user.type(await screen.findByLabelText('Where to pay out'), 'Cash');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, ask to leave' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(
      await screen.findByRole('region', { name: 'Your request to leave' }),
    ).toBeInTheDocument();
  });

  it('withdraws the request once the member confirms, and offers to ask again', async () => {
    const { requests, user } = open(server(myExitBody({ exit: exit() })));
    await user.click(await screen.findByRole('button', { name: 'Withdraw my request' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Withdraw your request to leave?' }));
    expect(
      dialog.getByText(
        'You stay a member and nothing is paid out. You can ask to leave again later.',
      ),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.click(dialog.getByRole('button', { name: 'Yes, withdraw' }));

    expect(await screen.findByText(WITHDRAWN)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      '/api/my-exit/withdraw',
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      await screen.findByText(
        'You withdrew your request of 1 December 2026. You can ask to leave again whenever you want.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ask to leave' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('keeps the request when the member thinks better of withdrawing it', async () => {
    const { requests, user } = open(server(myExitBody({ exit: exit() })));
    await user.click(await screen.findByRole('button', { name: 'Withdraw my request' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep my request' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your request to leave' })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it("shows the committee's reason, and no withdrawal, when the committee ends the membership", async () => {
    open(
      server(
        myExitBody({
          exit: exit({ asked_by: 'committee', reason: 'No dues paid for a year' }),
        }),
      ),
    );
    expect(
      await screen.findByRole('heading', { name: 'The committee is ending your membership' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(`The committee's reason: ${isolated('No dues paid for a year')}`),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw my request' })).not.toBeInTheDocument();
  });

  it('says what was paid and what stays held for the guarantees', async () => {
    open(server(myExitBody({ exit: paidExit('holding'), settlement: null })));
    expect(
      await screen.findByRole('heading', { name: 'Your membership ended on 31 December 2026' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Paid out AED 783.84; AED 300 stays held for your guarantees until those loans are repaid.',
      ),
    ).toBeInTheDocument();
    const settled = screen.getByRole('region', { name: 'What was settled' });
    expect(amountOf('Still held for your guarantees', settled)).toHaveTextContent('-AED 300');
    expect(screen.queryByRole('button', { name: /clearance letter/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it('shows the day the member left, what was settled, and downloads the clearance letter', async () => {
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this);
    });
    const url = '/api/my-exit/clearance-letter';
    const { requests, user } = open({
      ...server(
        myExitBody({ exit: paidExit('closed'), settlement: null, clearance_letter_url: url }),
      ),
      [`GET ${url}`]: () => ({ body: {} }),
    });
    localStorage.setItem('ts_token', 'member-token');
    expect(
      await screen.findByRole('heading', { name: 'You left on 31 December 2026' }),
    ).toBeInTheDocument();
    const settled = screen.getByRole('region', { name: 'What was settled' });
    expect(amountOf('Your savings', settled)).toHaveTextContent('AED 2,400.50');
    expect(amountOf('Loan repaid from your savings', settled)).toHaveTextContent('-AED 1,426.66');
    expect(amountOf('Paid out to you', settled)).toHaveTextContent('AED 1,083.84');
    expect(within(settled).queryByText('Still held for your guarantees')).not.toBeInTheDocument();
    expect(within(settled).getByText('Dues closed without payment: AED 400')).toBeVisible();
    expect(screen.queryByText(/Going home for good/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download clearance letter (PDF)' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]?.href).toMatch(/^blob:/);
    expect(clicks[0]?.download).toMatch(/^clearance-letter.*\.pdf$/);
    const call = requests.find((r) => r.url === url);
    expect(call?.headers.get('authorization')).toBe('Bearer member-token');
  });

  it('shows an error with a retry when the figures cannot be loaded', async () => {
    let calls = 0;
    const { user } = open({
      'GET /api/my-exit': () =>
        ++calls === 1
          ? { status: 500, body: { status_code: 500, message: 'Something failed on our side.' } }
          : { body: myExitBody() },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something failed on our side.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('region', { name: 'What you would be paid' }),
    ).toBeInTheDocument();
  });

  it('says it needs a connection when opened offline with nothing read before', async () => {
    onlineManager.setOnline(false);
    const { requests, queryClient } = open();
    const stop = tellNetworkWaits(queryClient);
    expect(await screen.findByText('This needs a connection')).toBeVisible();
    expect(requests).toEqual([]);
    stop();
  });

  it('keeps the figures offline, and waits for the network to ask', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user } = open();
    await user.type(await screen.findByLabelText('Where to pay out'), 'Cash');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('button', { name: 'Yes, ask to leave' })).toBeDisabled();
    expect(
      screen.getByText(
        'You are offline. This needs a connection: try again when you are back online.',
      ),
    ).toBeInTheDocument();
  });
});
