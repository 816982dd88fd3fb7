import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi, type StubRequest } from '../../../testing/render.tsx';
import { errorBody } from '../../../testing/api-fixtures.ts';
import { wideCells } from '../../../testing/wide-cells.ts';
import { amina, createdBody, link, listBody, member } from '../testing/fixtures.ts';
import { MembersPage } from './members-page.tsx';

type Handlers = Parameters<typeof stubApi>[0];

function setup(handlers: Handlers = {}, at = '/admin/members') {
  const requests = stubApi({
    'GET /api/admin/members': () => ({ body: listBody([amina(), member()]) }),
    ...handlers,
  });
  const user = userEvent.setup();
  renderWithProviders(<MembersPage />, {
    path: '/admin/members',
    at,
    routes: { '/admin/members/:id': 'MEMBER PAGE' },
  });
  return { requests, user };
}

const listCalls = (requests: StubRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.url.startsWith('/api/admin/members'));

describe('the members list', () => {
  it('shows each member with ID, name, email, mobile, status, savings and loan', async () => {
    const { user } = setup();
    const table = await screen.findByRole('table', { name: 'Members' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const cells = wideCells(rows[1]!);
    expect(cells).toEqual([
      'JM000002',
      'Amina Rahman',
      'amina@jamiya.example',
      '+971 50 123 4567',
      'Active',
      'AED 2,400.50',
      'AED 1,426.66',
    ]);
    await user.click(within(table).getByRole('link', { name: 'Rahul Nair' }));
    expect(await screen.findByText('MEMBER PAGE')).toBeInTheDocument();
  });

  it('searches when typing pauses, and filters by status', async () => {
    const { user, requests } = setup();
    await screen.findByRole('table', { name: 'Members' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ami');
    await waitFor(() =>
      expect(listCalls(requests).map((r) => r.url)).toContain('/api/admin/members?q=ami&limit=20'),
    );
    // One call for the pause, none for each key.
    expect(listCalls(requests).filter((r) => r.url.includes('q='))).toHaveLength(1);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'inactive');
    await waitFor(() =>
      expect(listCalls(requests).at(-1)?.url).toBe(
        '/api/admin/members?q=ami&status=inactive&limit=20',
      ),
    );
  });

  it('starts from the search in the address, as left when going to a member and back', async () => {
    const { requests } = setup({}, '/admin/members?q=ami&status=inactive');
    await screen.findByRole('table', { name: 'Members' });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('ami');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('inactive');
    expect(listCalls(requests).map((r) => r.url)).toEqual([
      '/api/admin/members?q=ami&status=inactive&limit=20',
    ]);
  });

  it('pages with Show more until the server has no next cursor', async () => {
    const { user, requests } = setup({
      'GET /api/admin/members': (req) =>
        req.url.includes('cursor=')
          ? { body: listBody([member({ id: 4, unique_id: 'JM000004', name: 'Joseph D' })]) }
          : { body: listBody([amina()], '2') },
    });
    await user.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('link', { name: 'Joseph D' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Amina Rahman' })).toBeInTheDocument();
    expect(listCalls(requests).at(-1)?.url).toBe('/api/admin/members?cursor=2&limit=20');
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('says when there are no members yet', async () => {
    setup({ 'GET /api/admin/members': () => ({ body: listBody([]) }) });
    expect(await screen.findByText('No members yet')).toBeInTheDocument();
  });

  it('says when nothing matches, and clears the search', async () => {
    const { user } = setup({
      'GET /api/admin/members': (req) =>
        req.url.includes('q=') ? { body: listBody([]) } : { body: listBody([amina()]) },
    });
    await screen.findByRole('table', { name: 'Members' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText('No member matches this search')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(await screen.findByRole('link', { name: 'Amina Rahman' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('shows an error with a retry', async () => {
    let calls = 0;
    const { user } = setup({
      'GET /api/admin/members': () =>
        ++calls === 1
          ? errorBody(500, 'Something went wrong on our side.')
          : { body: listBody([amina()]) },
    });
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Amina Rahman' })).toBeInTheDocument();
  });
});

describe('adding a member', () => {
  async function openForm(handlers: Handlers = {}) {
    const view = setup(handlers);
    await view.user.click(await screen.findByRole('button', { name: 'Add member' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add a member' }));
    return { ...view, dialog };
  }
  const posts = (requests: StubRequest[]) => requests.filter((r) => r.method === 'POST');

  it('checks the fields with the shared schema and sends nothing until they are right', async () => {
    const { user, dialog, requests } = await openForm();
    await user.click(dialog.getByRole('button', { name: 'Add member' }));
    expect(await dialog.findByText('Name is required.')).toBeInTheDocument();
    expect(dialog.getByText('Mobile number is required.')).toBeInTheDocument();
    expect(dialog.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    await user.type(dialog.getByLabelText('Email'), 'not-an-email');
    await user.type(dialog.getByLabelText('Mobile number'), '12');
    await user.click(dialog.getByRole('button', { name: 'Add member' }));
    expect(await dialog.findByText('Enter a phone number of 7 to 20 digits.')).toBeInTheDocument();
    expect(dialog.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(posts(requests)).toHaveLength(0);
  });

  it('sends the member, shows the one-time link with Copy and its expiry, and forgets it on close', async () => {
    const { user, dialog, requests } = await openForm({
      'POST /api/admin/members': () => ({ status: 201, body: createdBody() }),
    });
    await user.type(dialog.getByLabelText('Full name'), ' Fatima Khan ');
    await user.type(dialog.getByLabelText('Email'), 'fatima@example.com');
    await user.type(dialog.getByLabelText('Mobile number'), '+971 52 111 2222');
    await user.type(dialog.getByLabelText('Member since (optional)'), '2026-11-01');
    await user.click(dialog.getByRole('button', { name: 'Add member' }));

    const done = within(await screen.findByRole('dialog', { name: 'Member added' }));
    // Empty optional fields are left out; text is trimmed by the shared schema.
    expect(posts(requests)[0]?.body).toEqual({
      name: 'Fatima Khan',
      email: 'fatima@example.com',
      mobile: '+971 52 111 2222',
      joined_on: '2026-11-01',
      language: 'en',
    });
    expect(done.getByText('Fatima Khan is now a member (JM000009).')).toBeInTheDocument();
    expect(done.getByRole('textbox', { name: 'The link' })).toHaveValue(link.url);
    expect(done.getByText(/It stays on this member's page until it is used/)).toBeInTheDocument();
    // 09:30 UTC is 1:30 PM in Dubai.
    expect(done.getByText('It expires on 2 December 2026 at 1:30 PM.')).toBeInTheDocument();

    await user.click(done.getByRole('button', { name: 'Copy link' }));
    expect(await done.findByText('Copied.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(link.url);

    await user.click(done.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(link.url)).not.toBeInTheDocument();
    // Opened again, it is an empty form: the link is not shown a second time.
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    const again = within(screen.getByRole('dialog', { name: 'Add a member' }));
    expect(again.getByLabelText('Full name')).toHaveValue('');
    expect(screen.queryByDisplayValue(link.url)).not.toBeInTheDocument();
  });

  it('sends the language chosen for the member, each named in its own script', async () => {
    const { user, dialog, requests } = await openForm({
      'POST /api/admin/members': () => ({ status: 201, body: createdBody() }),
    });
    await user.type(dialog.getByLabelText('Full name'), 'Noor Fatima');
    await user.type(dialog.getByLabelText('Email'), 'noor@example.com');
    await user.type(dialog.getByLabelText('Mobile number'), '+971 52 111 3333');
    const language = dialog.getByLabelText('Language');
    expect(language).toHaveValue('en');
    expect(within(language).getByRole('option', { name: 'اردو' })).toBeInTheDocument();
    await user.selectOptions(language, 'ur');
    await user.click(dialog.getByRole('button', { name: 'Add member' }));
    await screen.findByRole('dialog', { name: 'Member added' });
    expect(posts(requests)[0]?.body).toMatchObject({ name: 'Noor Fatima', language: 'ur' });
  });

  it('puts the server field errors beside the fields', async () => {
    const { user, dialog } = await openForm({
      'POST /api/admin/members': () =>
        errorBody(409, 'A member with this email already exists.', {
          email: ['A member with this email already exists.'],
        }),
    });
    await user.type(dialog.getByLabelText('Full name'), 'Amina Rahman');
    await user.type(dialog.getByLabelText('Email'), 'amina@jamiya.example');
    await user.type(dialog.getByLabelText('Mobile number'), '0501234567');
    await user.click(dialog.getByRole('button', { name: 'Add member' }));
    await waitFor(() =>
      expect(dialog.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(dialog.getByLabelText('Email')).toHaveAccessibleDescription(
      'A member with this email already exists.',
    );
    expect(screen.getByRole('dialog', { name: 'Add a member' })).toBeInTheDocument();
  });
});
