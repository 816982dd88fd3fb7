import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { setupPage, type StubRequest } from '../../../testing/render.tsx';
import { settingsBody } from '../../../testing/api-fixtures.ts';
import { adminProfileBody } from '../../../testing/admin-fixtures.ts';
import { BankPage } from '../components/bank-page.tsx';
import {
  accountsBody,
  detailBody,
  listBody,
  reconciliationBody,
  statementBody,
  zainab,
  zainabDetail,
} from './fixtures.ts';

type Handlers = Parameters<typeof setupPage>[1];

/**
 * /admin/bank with Fatima signed in and November's statement shown; `handlers` answer
 * otherwise where a test needs it.
 */
export function setupBankPage(handlers: Handlers = {}, at = '/admin/bank') {
  return setupPage(
    <BankPage />,
    {
      'GET /api/profile': () => ({ body: adminProfileBody() }),
      'GET /api/settings': () => ({ body: settingsBody() }),
      'GET /api/admin/bank-statements': () => ({ body: listBody([statementBody()]) }),
      'GET /api/admin/bank-statements/3': () => ({ body: detailBody() }),
      'GET /api/admin/reconciliation': () => ({ body: reconciliationBody() }),
      'GET /api/admin/proposals': () => ({ body: { items: [] } }),
      'GET /api/admin/members': () => ({ body: { items: [zainab()], next_cursor: null } }),
      'GET /api/admin/members/14': () => ({ body: zainabDetail() }),
      'GET /api/admin/accounts': () => ({ body: accountsBody() }),
      ...handlers,
    },
    { path: '/admin/bank', at },
  );
}

export const posts = (requests: StubRequest[]) => requests.filter((r) => r.method === 'POST');

/**
 * Assigns Zainab's deposit, the one line with no receipt, to her as the dialog offers it; the
 * lines' section and the dialog.
 */
export async function assignToZainab(user: UserEvent) {
  const section = await screen.findByRole('region', {
    name: 'Money in the bank with no receipt (1)',
  });
  await user.click(within(section).getByRole('button', { name: /^Assign/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Assign money from the bank' });
  await within(dialog).findByRole('radio', { name: 'Zainab Qasim (JM000014)' });
  await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
  return { section, dialog };
}
