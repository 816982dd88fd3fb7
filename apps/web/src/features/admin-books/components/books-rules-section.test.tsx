import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { puts, setupSettingsPage } from '../testing/settings-page.tsx';
import { errorBody } from '../../../testing/api-fixtures.ts';

const LABEL = 'Bank charges one admin may book alone, per line (AED)';

describe("the books' rules", () => {
  it('starts from the saved limit and sends it as books_rules, in AED, with the rest', async () => {
    const { user, requests } = setupSettingsPage();
    const fee = await screen.findByLabelText(LABEL);
    expect(fee).toHaveValue('100');
    expect(screen.getByText(/a second admin confirms it/)).toBeInTheDocument();
    await user.clear(fee);
    await user.type(fee, '26.25');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The settings were saved.')).toBeInTheDocument();
    expect(puts(requests)[0]?.body).toMatchObject({ books_rules: { one_admin_bank_fee: 26.25 } });
  });

  it("sets the month the association's year begins, sent as a number with the rest", async () => {
    const { user, requests } = setupSettingsPage();
    const month = await screen.findByLabelText("The association's year begins in");
    expect(month).toHaveDisplayValue('January');
    await user.selectOptions(month, 'July');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The settings were saved.')).toBeInTheDocument();
    expect(puts(requests)[0]?.body).toMatchObject({
      books_rules: { one_admin_bank_fee: 100, year_starts_in_month: 7 },
    });
  });

  it('refuses more than AED 10,000 before sending', async () => {
    const { user, requests } = setupSettingsPage();
    const fee = await screen.findByLabelText(LABEL);
    await user.clear(fee);
    await user.type(fee, '10000.01');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('At most AED 10,000.')).toBeInTheDocument();
    expect(fee).toHaveAttribute('aria-invalid', 'true');
    expect(puts(requests)).toEqual([]);
  });

  it("puts the server's 422 error beside it", async () => {
    const { user } = setupSettingsPage({
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
