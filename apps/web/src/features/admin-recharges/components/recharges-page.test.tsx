import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listOf } from '@jamiya/contracts/common';
import {
  adminRecharge,
  rechargeDecidedResponse,
  type AdminRecharge,
} from '@jamiya/contracts/recharge';
import { errorBody, rechargeBody } from '../../../testing/api-fixtures.ts';
import { renderWithProviders, stubApi, type StubRequest } from '../../../testing/render.tsx';
import { RechargesPage } from './recharges-page.tsx';

type Handlers = Parameters<typeof stubApi>[0];

// Answers shaped like the real API's, parsed with the contracts' schemas.
function recharge(overrides: Partial<AdminRecharge> = {}): AdminRecharge {
  return adminRecharge.parse({
    ...rechargeBody({ id: 12 }),
    member: { id: 9, unique_id: 'JM000009', name: 'Ravi Shankar' },
    ...overrides,
  });
}
const list = (items: AdminRecharge[], next_cursor: string | null = null) =>
  listOf(adminRecharge).parse({ items, next_cursor });

const done = recharge({
  id: 11,
  operator: 'airtel',
  number: '7012345678',
  state: 'done',
  reference: 'AIR-55821',
  decided_at: '2026-11-21T09:00:00.000Z',
  member: { id: 4, unique_id: 'JM000004', name: 'Anil Kumar' },
});
const refused = recharge({
  id: 10,
  operator: 'bsnl',
  state: 'refused',
  reason: 'Not a prepaid number.',
  decided_at: '2026-11-19T09:00:00.000Z',
});

function setup(handlers: Handlers = {}) {
  let requested = [recharge()];
  const requests = stubApi({
    'GET /api/admin/recharge-requests': (req) => {
      const state = new URL(req.url, 'http://x').searchParams.get('state');
      return {
        body: list(state === 'done' ? [done] : state === 'refused' ? [refused] : requested),
      };
    },
    'POST /api/admin/recharge-requests/12/done': (req) => {
      requested = [];
      const { reference } = req.body as { reference: string };
      return {
        body: rechargeDecidedResponse.parse({
          message: 'The recharge for Ravi Shankar was marked done.',
          request: recharge({ state: 'done', reference, decided_at: '2026-11-22T08:00:00.000Z' }),
        }),
      };
    },
    'POST /api/admin/recharge-requests/12/refuse': (req) => {
      requested = [];
      const { reason } = req.body as { reason: string };
      return {
        body: rechargeDecidedResponse.parse({
          message: 'The recharge request of Ravi Shankar was refused.',
          request: recharge({ state: 'refused', reason, decided_at: '2026-11-22T08:00:00.000Z' }),
        }),
      };
    },
    ...handlers,
  });
  const user = userEvent.setup();
  renderWithProviders(<RechargesPage />, { path: '/admin/recharges' });
  return { requests, user };
}

const posts = (requests: StubRequest[]) => requests.filter((r) => r.method === 'POST');
// The amount is formatted by Intl, with a no-break space after AED.
const MARK_DONE = /^Mark done: Ravi Shankar, AED\s50 for \+91 98765 43210$/;
const REFUSE = /^Refuse: Ravi Shankar, AED\s50 for \+91 98765 43210$/;

describe('the recharge requests', () => {
  it('show the waiting ones with the number to recharge', async () => {
    const { requests } = setup();
    const card = within(await screen.findByRole('listitem', { name: 'Ravi Shankar' }));
    for (const text of ['JM000009', '+91 98765 43210', 'Jio', 'AED 50', '20 November 2026'])
      expect(card.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Requested' })).toHaveAttribute('aria-selected', 'true');
    expect(requests[0]?.url).toBe('/api/admin/recharge-requests?state=requested&limit=20');
  });

  it('show the done ones with the reference and the refused ones with the reason', async () => {
    const { user } = setup();
    await screen.findByRole('listitem', { name: 'Ravi Shankar' });
    await user.click(screen.getByRole('tab', { name: 'Done' }));
    const doneCard = within(await screen.findByRole('listitem', { name: 'Anil Kumar' }));
    expect(doneCard.getByText('AIR-55821')).toBeInTheDocument();
    expect(doneCard.getByText('Airtel')).toBeInTheDocument();
    expect(doneCard.queryByRole('button')).not.toBeInTheDocument();

    screen.getByRole('tab', { name: 'Done' }).focus();
    await user.keyboard('{ArrowRight}');
    const refusedCard = within(await screen.findByRole('listitem', { name: 'Ravi Shankar' }));
    expect(refusedCard.getByText('Not a prepaid number.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Refused' })).toHaveAttribute('aria-selected', 'true');
  });

  it('are marked done with a reference, which is required', async () => {
    const { user, requests } = setup();
    await user.click(await screen.findByRole('button', { name: MARK_DONE }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText('+91 98765 43210')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Mark done' }));
    expect(await dialog.findByText('Reference is required.')).toBeInTheDocument();
    expect(posts(requests)).toHaveLength(0);

    await user.type(dialog.getByLabelText("Operator's reference"), 'JIO-778812');
    await user.click(dialog.getByRole('button', { name: 'Mark done' }));
    expect(
      await screen.findByText('The recharge for Ravi Shankar was marked done.'),
    ).toBeInTheDocument();
    expect(posts(requests)[0]).toMatchObject({
      url: '/api/admin/recharge-requests/12/done',
      body: { reference: 'JIO-778812' },
    });
    expect(await screen.findByText('No recharge is waiting.')).toBeInTheDocument();
  });

  it('are refused with a reason', async () => {
    const { user, requests } = setup();
    await user.click(await screen.findByRole('button', { name: REFUSE }));
    const dialog = within(screen.getByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Refuse request' }));
    expect(await dialog.findByText('Reason is required.')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Reason (the member sees it)'), 'Not prepaid.');
    await user.click(dialog.getByRole('button', { name: 'Refuse request' }));
    expect(
      await screen.findByText('The recharge request of Ravi Shankar was refused.'),
    ).toBeInTheDocument();
    expect(posts(requests)[0]).toMatchObject({
      url: '/api/admin/recharge-requests/12/refuse',
      body: { reason: 'Not prepaid.' },
    });
  });

  it('close the dialog on a 409 and show why, then refetch', async () => {
    const { user, requests } = setup({
      'POST /api/admin/recharge-requests/12/done': () =>
        errorBody(409, 'This recharge request was already marked done.'),
    });
    await user.click(await screen.findByRole('button', { name: MARK_DONE }));
    await user.type(screen.getByLabelText("Operator's reference"), 'R-1');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark done' }));
    expect(
      await screen.findByText('This recharge request was already marked done.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'GET').length).toBeGreaterThanOrEqual(2),
    );
  });

  it("put the server's error on the reference field", async () => {
    const { user } = setup({
      'POST /api/admin/recharge-requests/12/done': () =>
        errorBody(422, 'Please check the highlighted fields.', {
          reference: ['Reference contains characters that are not allowed.'],
        }),
    });
    await user.click(await screen.findByRole('button', { name: MARK_DONE }));
    const input = screen.getByLabelText("Operator's reference");
    await user.type(input, 'R-1');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark done' }));
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        'Reference contains characters that are not allowed.',
      ),
    );
  });
});

describe('loading, empty and failure', () => {
  it('shows Loading..., then an error with a retry, then the empty state', async () => {
    let calls = 0;
    const { user } = setup({
      'GET /api/admin/recharge-requests': () =>
        ++calls === 1 ? errorBody(500, 'Something went wrong on our side.') : { body: list([]) },
    });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No recharge is waiting.')).toBeInTheDocument();
  });

  it('pages with Show more', async () => {
    const { user, requests } = setup({
      'GET /api/admin/recharge-requests': (req) =>
        req.url.includes('cursor=')
          ? {
              body: list([
                recharge({ id: 5, member: { id: 2, unique_id: 'JM000002', name: 'Amina Rahman' } }),
              ]),
            }
          : { body: list([recharge()], '12') },
    });
    await screen.findByRole('listitem', { name: 'Ravi Shankar' });
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('listitem', { name: 'Amina Rahman' })).toBeInTheDocument();
    expect(requests.at(-1)?.url).toBe(
      '/api/admin/recharge-requests?state=requested&cursor=12&limit=20',
    );
  });
});
