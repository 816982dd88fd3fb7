import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { AdminLoan, LoanStateName } from '@jamiya/contracts/loans';
import { renderWithProviders, stubApi, type StubRequest } from '../../../testing/render.tsx';
import { adminProfileBody, overviewBody } from '../../../testing/admin-fixtures.ts';
import { AdminLoanDetailPage } from '../components/loan-detail-page.tsx';

// What the loan-detail-page-*.test.tsx files share: the page drawn over one loan, and the
// look-ups their tests make of it.

type Handlers = Parameters<typeof stubApi>[0];

const MOVES: Record<string, { to: LoanStateName; message: string }> = {
  approve: { to: 'approved', message: 'The loan was approved.' },
  reject: { to: 'rejected', message: 'The loan was rejected.' },
  disburse: { to: 'active', message: 'The loan was paid out.' },
  'write-off': { to: 'written_off', message: 'The loan was written off.' },
};

/** One loan that moves as the server would move it. */
export function setup(start: AdminLoan, handlers: Handlers = {}) {
  let loan = start;
  const move = (action: string) => (req: StubRequest) => {
    const { to, message } = MOVES[action]!;
    const reason = (req.body as { reason?: string }).reason ?? null;
    loan = {
      ...loan,
      state: to,
      transitions: [
        ...loan.transitions,
        {
          from: loan.state,
          to,
          at: '2026-12-02T09:00:00.000Z',
          reason,
          by: 'admin',
          admin: { id: 1, unique_id: 'JM000001', name: 'Fatima Al Mansoori' },
          proposed_by: null,
        },
      ],
    };
    return { body: { message, loan } };
  };
  const id = start.id;
  const requests = stubApi({
    // Signed in as Fatima (id 1), the only admin unless a test says otherwise.
    'GET /api/profile': () => ({ body: adminProfileBody() }),
    'GET /api/admin/proposals': () => ({ body: { items: [] } }),
    'GET /api/admin/overview': () => ({ body: overviewBody() }),
    [`GET /api/admin/loans/${id}`]: () => ({ body: loan }),
    ...Object.fromEntries(
      Object.keys(MOVES).map((action) => [`POST /api/admin/loans/${id}/${action}`, move(action)]),
    ),
    ...handlers,
  });
  const user = userEvent.setup();
  renderWithProviders(<AdminLoanDetailPage />, {
    path: '/admin/loans/:id',
    at: `/admin/loans/${id}`,
  });
  return { requests, user };
}

/** The actions, once the open proposals are known (a spinner stands in until then). */
export async function actions() {
  const panel = await screen.findByRole('region', { name: 'Actions' });
  await waitFor(() => expect(within(panel).queryByRole('status')).not.toBeInTheDocument());
  return panel;
}
export const posts = (requests: StubRequest[]) => requests.filter((r) => r.method === 'POST');
export const figure = (term: string) =>
  screen.getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;
