import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Guarantee } from '@jamiya/contracts/guarantees';
import { isolated } from '../../../lib/bidi.ts';
import { tellNetworkWaits } from '../../../lib/query-client.ts';
import { setupPage } from '../../../testing/render.tsx';
import { acceptedGuarantee, guarantee, guaranteesBody } from '../testing/fixtures.ts';
import { GuaranteesPage } from './guarantees-page.tsx';

const open = (api: Parameters<typeof setupPage>[1]) =>
  setupPage(<GuaranteesPage />, api, { path: '/user/guarantees' });

/** The card of a guarantee, by the borrower's name. */
const card = (name: string) =>
  within(screen.getByRole('heading', { level: 3, name }).closest('li')!);

const figure = (within_: ReturnType<typeof card>, term: string) =>
  within_.getByText(term, { selector: 'dt' }).nextElementSibling;

/** A server that keeps the guarantees and answers as the real one does. */
function server(items: Guarantee[], findable = false) {
  let list = items;
  let isFindable = findable;
  const answer = (state: 'accepted' | 'declined', message: string) => (id: number) => {
    list = list.map((g) =>
      g.id === id
        ? {
            ...g,
            state,
            held: state === 'accepted' ? g.amount : 0,
            answered_at: '2026-11-21T09:00:00.000Z',
          }
        : g,
    );
    return { body: { message, guarantee: list.find((g) => g.id === id)! } };
  };
  return {
    'GET /api/guarantees': () => ({
      body: guaranteesBody(list, { findable: isFindable }),
    }),
    'POST /api/guarantees/3/accept': () =>
      answer('accepted', 'You stand guarantor for Rashid Khan.')(3),
    'POST /api/guarantees/3/decline': () =>
      answer('declined', 'Rashid Khan is told that you declined.')(3),
    'PUT /api/guarantees/findable': (req: { body: unknown }) => {
      isFindable = (req.body as { findable: boolean }).findable;
      return {
        body: {
          message: isFindable
            ? 'Members may now find you in the list of guarantors.'
            : 'Members no longer find you in the list of guarantors.',
          findable: isFindable,
        },
      };
    },
  };
}

afterEach(() => {
  onlineManager.setOnline(true);
});

describe('Guarantees', () => {
  it('lists the guarantees newest first, with what each holds and how the loan stands', async () => {
    open(
      server([
        acceptedGuarantee({
          loan: { is_overdue: true, arrears: 320, overdue_since: '2026-12-05' },
        }),
        guarantee(),
        guarantee({
          id: 1,
          state: 'released',
          asked_at: '2026-01-10T08:00:00.000Z',
          answered_at: '2026-01-11T08:00:00.000Z',
          borrower: { member_id: 'JM000004', name: 'Sara Ali' },
          loan: { state: 'closed' },
        }),
      ]),
    );

    const list = await screen.findByRole('list');
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Rashid Khan', 'Meera Nair', 'Sara Ali']);

    const asked = card('Rashid Khan');
    expect(asked.getByText('Member ID: JM000007')).toBeInTheDocument();
    expect(asked.getByText('Waiting for your answer')).toBeInTheDocument();
    expect(figure(asked, 'You guarantee')).toHaveTextContent('AED 1,500');
    expect(figure(asked, 'Their loan')).toHaveTextContent('AED 5,000 over 12 months');
    expect(figure(asked, 'Loan state')).toHaveTextContent('Under review');
    expect(asked.queryByText('Held now')).not.toBeInTheDocument();
    expect(asked.getByText('Asked on 20 November 2026')).toBeInTheDocument();
    expect(asked.getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(asked.getByRole('button', { name: 'Decline' })).toBeEnabled();

    const held = card('Meera Nair');
    expect(held.getByText('Accepted')).toBeInTheDocument();
    expect(figure(held, 'Held now')).toHaveTextContent('AED 1,250.50');
    expect(figure(held, 'Loan state')).toHaveTextContent('Being repaidOverdue');
    expect(held.getByText('AED 320 in arrears since 5 December 2026')).toBeInTheDocument();
    expect(held.queryByRole('button')).not.toBeInTheDocument();

    const released = card('Sara Ali');
    expect(released.getByText('Released')).toBeInTheDocument();
    expect(figure(released, 'Loan state')).toHaveTextContent('Repaid');
    expect(
      released.getByText('Asked on 10 January 2026, answered on 11 January 2026'),
    ).toBeVisible();

    expect(screen.getByText('Savings not held for a guarantee: AED 2,400')).toBeInTheDocument();
  });

  it('accepts after saying what it holds, with an idempotency key, then shows the list again', async () => {
    const { requests, user } = open(server([guarantee()]));

    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    const dialog = within(
      screen.getByRole('dialog', { name: `Stand guarantor for ${isolated('Rashid Khan')}?` }),
    );
    expect(
      dialog.getByText('AED 1,500 of your savings will be held until the loan is repaid.'),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Yes, accept' }));

    expect(await screen.findByText('You stand guarantor for Rashid Khan.')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url).toBe('/api/guarantees/3/accept');
    expect(post!.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(card('Rashid Khan').getByText('Accepted')).toBeInTheDocument());
    expect(figure(card('Rashid Khan'), 'Held now')).toHaveTextContent('AED 1,500');
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'GET')).toHaveLength(2);
  });

  it('asks nothing of a member who thinks better of it', async () => {
    const { requests, user } = open(server([guarantee()]));
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('declines with an idempotency key, then shows the list again', async () => {
    const { requests, user } = open(server([guarantee()]));

    await user.click(await screen.findByRole('button', { name: 'Decline' }));

    expect(await screen.findByText('Rashid Khan is told that you declined.')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url).toBe('/api/guarantees/3/decline');
    expect(post!.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(card('Rashid Khan').getByText('Declined')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
  });

  it("says in the dialog why the server refused, in the server's words", async () => {
    const message = 'AED 1,500 is more than your free savings (AED 1,000).';
    const { requests, user } = open({
      ...server([guarantee()]),
      'POST /api/guarantees/3/accept': () => ({
        status: 422,
        body: { status_code: 422, code: 'guarantee_above_free_savings', message },
      }),
    });

    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Yes, accept' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // The list is read again: what the server knows may have changed meanwhile.
    await waitFor(() => expect(requests.filter((r) => r.method === 'GET')).toHaveLength(2));
    expect(card('Rashid Khan').getByText('Waiting for your answer')).toBeInTheDocument();
  });

  it('says when a guarantee was answered meanwhile, and shows it as it now is', async () => {
    const message = 'This guarantee was already answered.';
    let items = [guarantee()];
    const { user } = open({
      'GET /api/guarantees': () => ({ body: guaranteesBody(items) }),
      'POST /api/guarantees/3/decline': () => {
        items = [guarantee({ state: 'cancelled', answered_at: null })];
        return { status: 409, body: { status_code: 409, message } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(card('Rashid Khan').getByText('Cancelled')).toBeInTheDocument());
  });

  it('says so when no one has asked', async () => {
    open(server([]));
    expect(await screen.findByText('No one has asked you to stand guarantor')).toBeInTheDocument();
    // The setting is there all the same: being findable is how one gets asked.
    expect(
      screen.getByRole('checkbox', { name: 'Members may find me in the list of guarantors' }),
    ).not.toBeChecked();
  });

  it('saves whether other members may find me, and says so', async () => {
    const { requests, user } = open(server([], false));
    const box = await screen.findByRole('checkbox', {
      name: 'Members may find me in the list of guarantors',
    });
    expect(box).toHaveAccessibleDescription(
      'Members applying for a loan can then choose you from the list and ask you. You still accept or decline each request.',
    );

    await user.click(box);
    expect(
      await screen.findByText('Members may now find you in the list of guarantors.'),
    ).toBeInTheDocument();
    expect(box).toBeChecked();
    expect(requests.find((r) => r.method === 'PUT')).toMatchObject({
      url: '/api/guarantees/findable',
      body: { findable: true },
    });

    await user.click(box);
    expect(
      await screen.findByText('Members no longer find you in the list of guarantors.'),
    ).toBeInTheDocument();
    expect(box).not.toBeChecked();
  });

  it('puts the setting back when it cannot be saved', async () => {
    const message = 'Something failed on our side.';
    const { user } = open({
      ...server([]),
      'PUT /api/guarantees/findable': () => ({ status: 500, body: { status_code: 500, message } }),
    });
    const box = await screen.findByRole('checkbox');
    await user.click(box);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(box).not.toBeChecked();
  });

  it('shows an error with a retry when the guarantees cannot be loaded', async () => {
    let calls = 0;
    const { user } = open({
      'GET /api/guarantees': () =>
        ++calls === 1
          ? { status: 500, body: { status_code: 500, message: 'Something failed on our side.' } }
          : { body: guaranteesBody([guarantee()]) },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something failed on our side.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Rashid Khan' })).toBeInTheDocument();
  });

  it('says it needs a connection when opened offline with nothing read before', async () => {
    onlineManager.setOnline(false);
    const { requests, queryClient } = open(server([guarantee()]));
    const stop = tellNetworkWaits(queryClient);
    expect(await screen.findByText('This needs a connection')).toBeVisible();
    expect(requests).toEqual([]);
    stop();
  });

  it('keeps what it shows offline, and waits for the network to answer', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    open(server([guarantee()]));
    const accept = await screen.findByRole('button', { name: 'Accept' });
    expect(accept).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeDisabled();
    expect(screen.getByRole('checkbox')).toBeDisabled();
    expect(
      screen.getByText(
        'You are offline. This needs a connection: try again when you are back online.',
      ),
    ).toBeInTheDocument();
  });
});
