import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupPage, type stubApi, type StubRequest } from '../../../testing/render.tsx';
import { errorBody } from '../../../testing/api-fixtures.ts';
import { closedExitBody, exitBody } from '../../../testing/exit-fixtures.ts';
import { memberDetail, signedInAs } from '../testing/fixtures.ts';
import { MemberDetailPage } from './member-detail-page.tsx';

type Handlers = Parameters<typeof stubApi>[0];

const END_URL = '/api/admin/members/2/exit';
const NEXT_YEAR = new Date().getFullYear() + 1;

// Amina's page (member 2), seen by Fatima (admin 1); nobody is leaving unless a test says so.
const setup = (handlers: Handlers = {}) =>
  setupPage(
    <MemberDetailPage />,
    {
      'GET /api/admin/members/2': () => ({ body: memberDetail() }),
      'GET /api/admin/members/2/fines': () => ({ body: { items: [] } }),
      'GET /api/admin/proposals': () => ({ body: { items: [] } }),
      'GET /api/profile': () => ({ body: signedInAs() }),
      'GET /api/admin/exits': () => ({ body: { items: [closedExitBody()] } }),
      ...handlers,
    },
    {
      path: '/admin/members/:id',
      at: '/admin/members/2',
      routes: { '/admin/exits': 'LEAVING PAGE' },
    },
  );

const section = async () => within(await screen.findByRole('region', { name: 'End membership' }));
const posts = (requests: StubRequest[]) => requests.filter((r) => r.method === 'POST');

/** Fills the form: the 15th of March next year, the account and the reason. */
async function fill(
  user: ReturnType<typeof setup>['user'],
  form: Awaited<ReturnType<typeof section>>,
  { payTo = 'IBAN AE07 0331 2345 6789 0123 456', reason = 'Dues unpaid for a year' } = {},
) {
  await user.selectOptions(await form.findByRole('combobox', { name: 'Leaves on, Day' }), '15');
  await user.selectOptions(form.getByRole('combobox', { name: 'Leaves on, Month' }), 'March');
  await user.selectOptions(
    form.getByRole('combobox', { name: 'Leaves on, Year' }),
    String(NEXT_YEAR),
  );
  if (payTo) await user.type(form.getByLabelText('Pay the settlement to'), payTo);
  if (reason) await user.type(form.getByLabelText('Reason'), reason);
}

describe('ending a membership', () => {
  it('asks first, then sends the day, where to pay and the reason, and leads to the payout', async () => {
    let exits = [closedExitBody()];
    const { user, requests } = setup({
      'GET /api/admin/exits': () => ({ body: { items: exits } }),
      [`POST ${END_URL}`]: (req) => {
        const body = req.body as { leave_on: string; pay_to: string; reason: string };
        const exit = exitBody({ asked_by: 'committee', ...body });
        exits = [exit, ...exits];
        return { body: { message: "Amina Rahman's membership ends; she is told why.", exit } };
      },
    });
    const form = await section();
    await fill(user, form);
    await user.click(form.getByRole('button', { name: 'End membership' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: "End Amina Rahman's membership?" }),
    );
    expect(dialog.getByText(new RegExp(`leaves on 15 March ${NEXT_YEAR}\\.`))).toBeInTheDocument();
    expect(dialog.getByText('IBAN AE07 0331 2345 6789 0123 456')).toBeInTheDocument();
    expect(dialog.getByText('Reason: Dues unpaid for a year')).toBeInTheDocument();
    expect(posts(requests)).toHaveLength(0);

    await user.click(dialog.getByRole('button', { name: 'End membership' }));
    expect(
      await screen.findByText("Amina Rahman's membership ends; she is told why."),
    ).toBeInTheDocument();
    expect(posts(requests)).toEqual([
      expect.objectContaining({
        url: END_URL,
        body: {
          leave_on: `${NEXT_YEAR}-03-15`,
          pay_to: 'IBAN AE07 0331 2345 6789 0123 456',
          reason: 'Dues unpaid for a year',
        },
      }),
    ]);
    const after = await section();
    expect(
      await after.findByText(
        `Amina Rahman leaves on 15 March ${NEXT_YEAR}: the settlement is paid out on the Leaving page.`,
      ),
    ).toBeInTheDocument();
    expect(after.queryByRole('button', { name: 'End membership' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'End membership' })).toHaveFocus(),
    );
    await user.click(after.getByRole('link', { name: 'Open the leaving members' }));
    expect(await screen.findByText('LEAVING PAGE')).toBeInTheDocument();
  });

  it('checks the fields before asking', async () => {
    const { user, requests } = setup();
    const form = await section();
    await user.click(await form.findByRole('button', { name: 'End membership' }));
    expect(
      await form.findByText(
        'Say where to pay out: a bank account (IBAN), an exchange house or cash.',
      ),
    ).toBeInTheDocument();
    expect(form.getByText('Give the reason the membership ends.')).toBeInTheDocument();
    expect(form.getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(requests)).toHaveLength(0);
  });

  it("puts the server's 422 errors beside their fields", async () => {
    const { user } = setup({
      [`POST ${END_URL}`]: () =>
        errorBody(422, 'Please check the highlighted fields.', {
          leave_on: ['The day to leave must be today or later, within a year.'],
          pay_to: ['Where to pay out contains characters that are not allowed.'],
        }),
    });
    const form = await section();
    await fill(user, form);
    await user.click(form.getByRole('button', { name: 'End membership' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'End membership' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(form.getByLabelText('Pay the settlement to')).toHaveAccessibleDescription(
      'Where to pay out contains characters that are not allowed.',
    );
    expect(form.getByLabelText('Pay the settlement to')).toHaveAttribute('aria-invalid', 'true');
    expect(
      form.getByText('The day to leave must be today or later, within a year.'),
    ).toBeInTheDocument();
    // The form keeps what was typed, to correct it.
    expect(form.getByLabelText('Reason')).toHaveValue('Dues unpaid for a year');
  });

  it('a conflict (409) closes the question and says why', async () => {
    const { user } = setup({
      [`POST ${END_URL}`]: () => errorBody(409, 'Amina Rahman has already asked to leave.'),
    });
    const form = await section();
    await fill(user, form);
    await user.click(form.getByRole('button', { name: 'End membership' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'End membership' }),
    );
    expect(await screen.findByText('Amina Rahman has already asked to leave.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('points to the payout, without the form, for a member who is leaving', async () => {
    setup({ 'GET /api/admin/exits': () => ({ body: { items: [exitBody()] } }) });
    const form = await section();
    expect(
      await form.findByText(
        'Amina Rahman leaves on 31 December 2026: the settlement is paid out on the Leaving page.',
      ),
    ).toBeInTheDocument();
    expect(form.getByRole('link', { name: 'Open the leaving members' })).toHaveAttribute(
      'href',
      '/admin/exits',
    );
    expect(form.queryByLabelText('Reason')).not.toBeInTheDocument();
  });

  it('says a member has left', async () => {
    setup({
      'GET /api/admin/exits': () => ({
        body: {
          items: [
            closedExitBody({
              member: { id: 2, unique_id: 'JM000002', name: 'Amina Rahman' },
            }),
          ],
        },
      }),
    });
    expect(
      await (await section()).findByText('Amina Rahman left the association on 31 October 2026.'),
    ).toBeInTheDocument();
  });

  it("offers no way to end the signed-in admin's own membership", async () => {
    setup({
      'GET /api/profile': () => ({
        body: signedInAs({ id: 2, unique_id: 'JM000002', name: 'Amina Rahman' }),
      }),
    });
    const form = await section();
    expect(
      await form.findByText('Only another admin may end your own membership.'),
    ).toBeInTheDocument();
    expect(form.queryByLabelText('Reason')).not.toBeInTheDocument();
  });
});
