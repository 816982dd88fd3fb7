import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupPage, type StubRequest } from '../../../testing/render.tsx';
import { errorBody } from '../../../testing/api-fixtures.ts';
import { account, chartBody } from '../testing/fixtures.ts';
import { AccountsPage } from './accounts-page.tsx';

type Handlers = Parameters<typeof setupPage>[1];

function setup(handlers: Handlers = {}) {
  return setupPage(
    <AccountsPage />,
    { 'GET /api/admin/accounts': () => ({ body: chartBody() }), ...handlers },
    { path: '/admin/ledger/accounts' },
  );
}

const calls = (requests: StubRequest[], method: string) =>
  requests.filter((r) => r.method === method && r.url.startsWith('/api/admin/accounts'));
const itemNamed = (name: string) =>
  within(screen.getByRole('listitem', { name: new RegExp(`^${name}`) }));

describe('the chart of accounts', () => {
  it('lists the accounts by kind, with code, postings, balance and marks', async () => {
    setup();
    const assets = within(await screen.findByRole('region', { name: 'Assets' }));
    expect(assets.getByRole('heading', { name: 'Cash and bank' })).toBeInTheDocument();
    const groups = screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'));
    expect(groups.filter((id) => id?.startsWith('chart-'))).toEqual([
      'chart-asset',
      'chart-income',
      'chart-expense',
    ]);
    const cash = itemNamed('Cash and bank');
    expect(cash.getByText('cash')).toBeInTheDocument();
    expect(cash.getByText('Built in')).toBeInTheDocument();
    expect(cash.getByText(/^12 postings/)).toBeInTheDocument();
    expect(cash.getByText('AED 340.50')).toBeInTheDocument();
    // Jamiya's own accounts are neither renamed nor retired.
    expect(cash.queryByRole('button')).not.toBeInTheDocument();
    const old = itemNamed('Old costs');
    expect(old.getByText('Retired')).toBeInTheDocument();
    expect(old.getByRole('button', { name: 'Put back in use' })).toBeInTheDocument();
    expect(old.getByRole('link', { name: 'See its entries' })).toHaveAttribute(
      'href',
      '/admin/ledger?account=old_costs',
    );
    // With postings, an account is retired, never deleted.
    expect(itemNamed('Bank charges').queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(itemNamed('Stationery and printing').getByText('No postings')).toBeInTheDocument();
  });

  it('adds an account with its two names and kind, the code left to the server', async () => {
    const { user, requests } = setup({
      'POST /api/admin/accounts': (req) => ({
        status: 201,
        body: {
          message: 'The account was added.',
          account: account({ code: 'agm_costs', name: 'AGM costs', ...(req.body as object) }),
        },
      }),
    });
    await screen.findByRole('region', { name: 'Assets' });
    await user.click(screen.getByRole('button', { name: 'Add an account' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add an account' }));
    await user.click(dialog.getByRole('button', { name: 'Add the account' }));
    expect(await dialog.findByText('Enter the name in English.')).toBeInTheDocument();
    expect(calls(requests, 'POST')).toEqual([]);
    await user.type(dialog.getByLabelText('Name in English'), 'AGM costs');
    await user.type(dialog.getByLabelText('Name in Arabic'), 'تكاليف الجمعية العمومية');
    await user.selectOptions(dialog.getByLabelText('Kind'), 'expense');
    await user.click(dialog.getByRole('button', { name: 'Add the account' }));
    expect(await screen.findByText('The account was added.')).toBeInTheDocument();
    expect(calls(requests, 'POST')[0]?.body).toEqual({
      name_en: 'AGM costs',
      name_ar: 'تكاليف الجمعية العمومية',
      kind: 'expense',
    });
    await waitFor(() => expect(calls(requests, 'GET')).toHaveLength(2));
  });

  it('shows beside the code that it is taken', async () => {
    const { user } = setup({
      'POST /api/admin/accounts': () =>
        errorBody(409, 'The code stationery is taken: choose another.', {
          code: ['Choose another code.'],
        }),
    });
    await screen.findByRole('region', { name: 'Assets' });
    await user.click(screen.getByRole('button', { name: 'Add an account' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add an account' }));
    await user.type(dialog.getByLabelText('Name in English'), 'Stationery');
    await user.type(dialog.getByLabelText('Name in Arabic'), 'قرطاسية');
    await user.selectOptions(dialog.getByLabelText('Kind'), 'expense');
    await user.type(dialog.getByLabelText('Code (optional)'), 'stationery');
    await user.click(dialog.getByRole('button', { name: 'Add the account' }));
    expect(await dialog.findByText('Choose another code.')).toBeInTheDocument();
    expect(dialog.getByLabelText('Code (optional)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('retires an account and puts it back in use', async () => {
    const { user, requests } = setup({
      'POST /api/admin/accounts/bank_charges': (req) => ({
        body: {
          message: 'The account was saved.',
          account: account({ postings: 2, balance: 52.5, ...(req.body as object) }),
        },
      }),
      'POST /api/admin/accounts/old_costs': () => ({
        body: { message: 'The account was saved.', account: account({ code: 'old_costs' }) },
      }),
    });
    await screen.findByRole('region', { name: 'Assets' });
    await user.click(itemNamed('Bank charges').getByRole('button', { name: 'Retire' }));
    expect(await screen.findByText('The account was saved.')).toBeInTheDocument();
    await user.click(itemNamed('Old costs').getByRole('button', { name: 'Put back in use' }));
    await waitFor(() => expect(calls(requests, 'POST')).toHaveLength(2));
    expect(calls(requests, 'POST').map((r) => [r.url, r.body])).toEqual([
      ['/api/admin/accounts/bank_charges', { retired: true }],
      ['/api/admin/accounts/old_costs', { retired: false }],
    ]);
  });

  it('renames an account in both languages', async () => {
    const { user, requests } = setup({
      'POST /api/admin/accounts/stationery': () => ({
        body: { message: 'The account was saved.', account: account({ code: 'stationery' }) },
      }),
    });
    await screen.findByRole('region', { name: 'Assets' });
    await user.click(itemNamed('Stationery and printing').getByRole('button', { name: 'Rename' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Rename Stationery and printing' }));
    expect(dialog.getByLabelText('Name in Arabic')).toHaveValue('قرطاسية وطباعة');
    await user.clear(dialog.getByLabelText('Name in English'));
    await user.type(dialog.getByLabelText('Name in English'), 'Printing');
    await user.click(dialog.getByRole('button', { name: 'Save the names' }));
    expect(await screen.findByText('The account was saved.')).toBeInTheDocument();
    expect(calls(requests, 'POST')[0]?.body).toEqual({
      name_en: 'Printing',
      name_ar: 'قرطاسية وطباعة',
    });
  });

  it('deletes an account without postings, and says to retire it when the server refuses', async () => {
    const retire =
      'This account has postings: the books keep them, so it cannot be deleted. Retire it instead.';
    const { user, requests } = setup({
      'DELETE /api/admin/accounts/stationery': () => errorBody(409, retire),
    });
    await screen.findByRole('region', { name: 'Assets' });
    await user.click(itemNamed('Stationery and printing').getByRole('button', { name: 'Delete' }));
    const dialog = within(
      screen.getByRole('dialog', { name: 'Delete the account Stationery and printing?' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(retire)).toBeInTheDocument();
    expect(calls(requests, 'DELETE').map((r) => r.url)).toEqual(['/api/admin/accounts/stationery']);
    // The list is read again: it was out of date.
    await waitFor(() => expect(calls(requests, 'GET').length).toBeGreaterThan(1));
  });

  it('shows an error with a retry', async () => {
    let count = 0;
    const { user } = setup({
      'GET /api/admin/accounts': () =>
        ++count === 1 ? errorBody(500, 'Something went wrong on our side.') : { body: chartBody() },
    });
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Assets' })).toBeInTheDocument();
  });
});
