import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupPage, type StubRequest } from '../../../testing/render.tsx';
import { errorBody, settingsBody } from '../testing/fixtures.ts';
import { AdminSettingsPage } from './settings-page.tsx';

type Handlers = Parameters<typeof setupPage>[1];

function setup(handlers: Handlers = {}) {
  return setupPage(
    <AdminSettingsPage />,
    {
      'GET /api/admin/settings': () => ({ body: settingsBody() }),
      'PUT /api/admin/settings': (req) => {
        const body = req.body as ReturnType<typeof settingsBody>;
        return {
          body: {
            message: 'The settings were saved.',
            settings: settingsBody({
              ...body,
              loan_policy: { ...body.loan_policy, interest_rate_percent: 7 },
            }),
          },
        };
      },
      ...handlers,
    },
    { path: '/admin/settings' },
  );
}

const LABEL = 'Bank charges one admin may book alone, per line (AED)';
const puts = (requests: StubRequest[]) => requests.filter((r) => r.method === 'PUT');

describe("the books' rules", () => {
  it('starts from the saved limit and sends it as books_rules, in AED, with the rest', async () => {
    const { user, requests } = setup();
    const fee = await screen.findByLabelText(LABEL);
    expect(fee).toHaveValue('100');
    expect(screen.getByText(/a second admin confirms it/)).toBeInTheDocument();
    await user.clear(fee);
    await user.type(fee, '26.25');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The settings were saved.')).toBeInTheDocument();
    expect(puts(requests)[0]?.body).toMatchObject({ books_rules: { one_admin_bank_fee: 26.25 } });
  });

  it('refuses more than AED 10,000 before sending', async () => {
    const { user, requests } = setup();
    const fee = await screen.findByLabelText(LABEL);
    await user.clear(fee);
    await user.type(fee, '10000.01');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('At most AED 10,000.')).toBeInTheDocument();
    expect(fee).toHaveAttribute('aria-invalid', 'true');
    expect(puts(requests)).toEqual([]);
  });

  it("puts the server's 422 error beside it", async () => {
    const { user } = setup({
      'PUT /api/admin/settings': () =>
        errorBody(422, 'Some settings are not valid.', {
          'books_rules.one_admin_bank_fee': ['Enter an amount in AED.'],
        }),
    });
    await screen.findByLabelText(LABEL);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter an amount in AED.')).toBeInTheDocument();
    expect(screen.getByLabelText(LABEL)).toHaveAttribute('aria-invalid', 'true');
  });
});
