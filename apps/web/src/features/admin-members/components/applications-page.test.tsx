import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi, type StubRequest } from '../../../testing/render.tsx';
import { errorBody } from '../../../testing/api-fixtures.ts';
import { acceptedBody, application, link, listBody } from '../testing/fixtures.ts';
import { ApplicationsPage } from './applications-page.tsx';

type Handlers = Parameters<typeof stubApi>[0];

const accepted = application({
  id: 4,
  name: 'Omar Farooq',
  status: 'accepted',
  decided_at: '2026-11-20T10:00:00.000Z',
  member_id: 8,
});
const rejected = application({
  id: 3,
  name: 'Ali Hassan',
  status: 'rejected',
  reason: 'Lives outside the UAE.',
  decided_at: '2026-11-10T10:00:00.000Z',
});

function setup(handlers: Handlers = {}) {
  let pending = [application()];
  const requests = stubApi({
    'GET /api/admin/applications': (req) => {
      const status = new URL(req.url, 'http://x').searchParams.get('status');
      return {
        body: listBody(
          status === 'accepted' ? [accepted] : status === 'rejected' ? [rejected] : pending,
        ),
      };
    },
    'POST /api/admin/applications/5/accept': () => {
      pending = [];
      return { body: acceptedBody(false) };
    },
    'POST /api/admin/applications/5/reject': () => {
      pending = [];
      return {
        body: {
          message: 'The application has been rejected.',
          application: application({ status: 'rejected', reason: 'Duplicate' }),
        },
      };
    },
    ...handlers,
  });
  const user = userEvent.setup();
  renderWithProviders(<ApplicationsPage />, {
    path: '/admin/applications',
    routes: { '/admin/members/:id': 'MEMBER PAGE' },
  });
  return { requests, user };
}

const posts = (requests: StubRequest[]) => requests.filter((r) => r.method === 'POST');

describe('the applications', () => {
  it('show the pending ones with everything the applicant gave', async () => {
    const { requests } = setup();
    const card = within(await screen.findByRole('listitem', { name: 'Sara Ali' }));
    for (const text of [
      'sara@example.com',
      '+971 55 765 4321',
      'N9988776',
      'Deira, Dubai',
      // The Join page's language: the invitation will be in it.
      'اردو',
      '28 November 2026',
    ])
      expect(card.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');
    expect(requests[0]?.url).toBe('/api/admin/applications?status=pending&limit=20');
  });

  it('switch tabs with the keyboard and show the decision of each', async () => {
    const { user } = setup();
    await screen.findByRole('listitem', { name: 'Sara Ali' });
    screen.getByRole('tab', { name: 'Pending' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Accepted' })).toHaveFocus();
    const omar = within(await screen.findByRole('listitem', { name: 'Omar Farooq' }));
    expect(omar.getByText('20 November 2026')).toBeInTheDocument();
    expect(omar.queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    const ali = within(await screen.findByRole('listitem', { name: 'Ali Hassan' }));
    expect(ali.getByText('Reason: Lives outside the UAE.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Accepted' }));
    await user.click(
      within(await screen.findByRole('listitem', { name: 'Omar Farooq' })).getByRole('link', {
        name: "Open the member's page",
      }),
    );
    expect(await screen.findByText('MEMBER PAGE')).toBeInTheDocument();
  });

  it('say when a tab is empty', async () => {
    setup({ 'GET /api/admin/applications': () => ({ body: listBody([]) }) });
    expect(await screen.findByText('No applications waiting.')).toBeInTheDocument();
  });

  it('show an error with a retry', async () => {
    let calls = 0;
    const { user } = setup({
      'GET /api/admin/applications': () =>
        ++calls === 1
          ? errorBody(500, 'Something went wrong on our side.')
          : { body: listBody([application()]) },
    });
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Sara Ali' })).toBeInTheDocument();
  });
});

describe('accepting', () => {
  it('asks first, then shows the new member, the one-time link and whether it was e-mailed', async () => {
    const { user, requests } = setup();
    await user.click(await screen.findByRole('button', { name: 'Accept Sara Ali' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Accept the application?' }));
    expect(posts(requests)).toHaveLength(0);
    await user.click(confirm.getByRole('button', { name: 'Accept and create the member' }));

    const done = within(await screen.findByRole('dialog', { name: 'Application accepted' }));
    expect(posts(requests).map((r) => r.url)).toEqual(['/api/admin/applications/5/accept']);
    expect(done.getByText('Sara Ali is now a member (JM000012).')).toBeInTheDocument();
    expect(done.getByRole('textbox', { name: 'The link' })).toHaveValue(link.url);
    expect(done.getByText('It was not sent by e-mail: hand it over yourself.')).toBeInTheDocument();
    // The list has been refreshed behind the dialog; the link stays until it is closed.
    expect(await screen.findByText('No applications waiting.')).toBeInTheDocument();
    await user.click(done.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(link.url);
    await user.click(done.getByRole('link', { name: "Open the member's page" }));
    expect(await screen.findByText('MEMBER PAGE')).toBeInTheDocument();
  });

  it('shows a conflict and changes nothing', async () => {
    const { user } = setup({
      'POST /api/admin/applications/5/accept': () =>
        errorBody(409, 'This application has already been decided.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Accept Sara Ali' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Accept the application?' }));
    await user.click(confirm.getByRole('button', { name: 'Accept and create the member' }));
    expect(
      await confirm.findByText('This application has already been decided.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Application accepted' })).not.toBeInTheDocument();
  });
});

describe('rejecting', () => {
  it('requires a reason, then sends it', async () => {
    const { user, requests } = setup();
    await user.click(await screen.findByRole('button', { name: 'Reject Sara Ali' }));
    const dialog = within(
      screen.getByRole('dialog', { name: 'Reject the application of Sara Ali?' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Reject application' }));
    expect(await dialog.findByText('Reason is required.')).toBeInTheDocument();
    expect(posts(requests)).toHaveLength(0);
    await user.type(dialog.getByLabelText('Reason'), '  Duplicate application ');
    await user.click(dialog.getByRole('button', { name: 'Reject application' }));
    expect(await screen.findByText('The application has been rejected.')).toBeInTheDocument();
    expect(posts(requests)[0]?.body).toEqual({ reason: 'Duplicate application' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('No applications waiting.')).toBeInTheDocument();
  });
});
