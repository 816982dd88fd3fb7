import { screen, within, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { settingsBody } from '../testing/fixtures.ts';
import { puts, setupSettingsPage } from '../testing/settings-page.tsx';
import { errorBody } from '../../../testing/api-fixtures.ts';

const field = (label: string) => screen.getByLabelText(label);

async function replace(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  await user.clear(field(label));
  if (value) await user.type(field(label), value);
}

/** A rule's field given `value`: refused beside the field with `message`, nothing sent. */
async function refusedBeforeSending(label: string, value: string, message: string) {
  const { user, requests } = setupSettingsPage();
  await screen.findByLabelText(label);
  await replace(user, label, value);
  await user.click(screen.getByRole('button', { name: 'Save settings' }));
  await waitFor(() => expect(field(label)).toHaveAccessibleDescription(message));
  expect(field(label)).toHaveAttribute('aria-invalid', 'true');
  expect(puts(requests)).toHaveLength(0);
}

describe('the settings form', () => {
  it('starts from the saved settings', async () => {
    setupSettingsPage();
    expect(await screen.findByLabelText('Association name')).toHaveValue('Jamiya Al Qusais');
    expect(field('Monthly due (AED)')).toHaveValue('200');
    expect(field('Minimum loan (AED)')).toHaveValue('500');
    expect(field('Maximum loan (AED)')).toHaveValue('5000');
    expect(field('Step (AED)')).toHaveValue('100');
    expect(field('Suggested amount (AED)')).toHaveValue('1000');
    expect(field('Terms offered (months)')).toHaveValue('1, 3, 6');
    expect(field('Members may choose their own number of months')).toBeChecked();
    expect(field('Longest own term (months)')).toHaveValue('24');
    expect(field('Text shown to members when they apply')).toHaveValue(
      'Loans carry 7 % flat interest.',
    );
    expect(field('Smallest recharge (AED)')).toHaveValue('10');
    expect(field('Largest recharge (AED)')).toHaveValue('500');
    expect(field('Months of membership before a first loan')).toHaveValue('3');
    expect(field('Months of dues that may be unpaid')).toHaveValue('0');
    expect(field("Loan up to this many times the member's savings")).toHaveValue('3');
    expect(field('Days late before guarantors are told')).toHaveValue('30');
  });

  it('saves amounts as AED numbers and the terms as a list, then says so', async () => {
    const { user, requests } = setupSettingsPage();
    await screen.findByLabelText('Association name');
    await replace(user, 'Monthly due (AED)', '250.50');
    await replace(user, 'Maximum loan (AED)', '3000');
    await replace(user, 'Terms offered (months)', '1, 3 6,12');
    await user.click(field('Members may choose their own number of months'));
    await replace(user, 'Largest recharge (AED)', '750.50');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The settings were saved.')).toBeInTheDocument();
    expect(puts(requests)[0]?.body).toEqual({
      association_name: 'Jamiya Al Qusais',
      monthly_due: 250.5,
      loan_policy: {
        minimum: 500,
        maximum: 3000,
        step: 100,
        default: 1000,
        terms: [1, 3, 6, 12],
        allow_custom_term: false,
        max_custom_term: 24,
        charge_called: 'interest',
      },
      terms_text: 'Loans carry 7 % flat interest.',
      payment_instructions: 'IBAN AE07 0331 2345 6789 0123 456',
      // Every language's two boxes, as they were: an empty one is the English for its readers.
      translations: {
        ar: { payment_instructions: 'الآيبان AE07 0331 2345 6789 0123 456', terms_text: '' },
        hi: { payment_instructions: '', terms_text: '' },
        ur: { payment_instructions: '', terms_text: '' },
        bn: { payment_instructions: '', terms_text: '' },
        ml: { payment_instructions: '', terms_text: '' },
      },
      recharge: { minimum: 10, maximum: 750.5 },
      // The rules as they were read.
      loan_rules: settingsBody().loan_rules,
      dues_rules: settingsBody().dues_rules,
      exit_rules: { share_out_at_exit: false },
      books_rules: { one_admin_bank_fee: 100, year_starts_in_month: 1 },
      // The settings as the page read them: a save over another admin's is refused (409).
      updated_at: '2026-11-01T08:00:00.000Z',
    });
    await waitFor(() => expect(field('Terms offered (months)')).toHaveValue('1, 3, 6, 12'));
    expect(field('Largest recharge (AED)')).toHaveValue('750.5');
  });

  it("saves what the loans' charge is called: a service charge, for members who read interest as riba", async () => {
    const { user, requests } = setupSettingsPage();
    const interest = await screen.findByRole('radio', { name: 'Interest' });
    expect(interest).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Service charge' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The settings were saved.')).toBeInTheDocument();
    expect(puts(requests)[0]?.body).toMatchObject({
      loan_policy: { charge_called: 'service_charge' },
    });
  });

  it('checks the rules between the fields before sending', async () => {
    const { user, requests } = setupSettingsPage();
    await screen.findByLabelText('Association name');
    await replace(user, 'Minimum loan (AED)', '1000');
    await replace(user, 'Maximum loan (AED)', '900');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText('The maximum must not be less than the minimum.'),
    ).toBeInTheDocument();
    expect(field('Maximum loan (AED)')).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText('The default must lie between the minimum and the maximum.'),
    ).toBeInTheDocument();

    await replace(user, 'Minimum loan (AED)', '500');
    await replace(user, 'Maximum loan (AED)', '5050');
    await replace(user, 'Suggested amount (AED)', '1050');
    await replace(user, 'Terms offered (months)', '3, 3');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText('The step must divide the range from the minimum to the maximum.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The default must be the minimum plus a whole number of steps.'),
    ).toBeInTheDocument();
    expect(screen.getByText('A term is listed twice.')).toBeInTheDocument();
    expect(puts(requests)).toHaveLength(0);
  });

  it('refuses a recharge range whose largest amount is below the smallest', async () => {
    const { user, requests } = setupSettingsPage();
    await screen.findByLabelText('Association name');
    await replace(user, 'Smallest recharge (AED)', '100');
    await replace(user, 'Largest recharge (AED)', '50');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(field('Largest recharge (AED)')).toHaveAccessibleDescription(
        'The maximum must not be less than the minimum.',
      ),
    );
    await replace(user, 'Smallest recharge (AED)', '0');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The amount must be more than AED 0.')).toBeInTheDocument();
    expect(puts(requests)).toHaveLength(0);
  });

  it.each([
    ['', 'Offer at least one term.'],
    ['1, three', 'A term must be a number.'],
    ['1, 0', 'A term is at least 1 month.'],
  ])('refuses the terms "%s"', async (terms, message) => {
    const { user, requests } = setupSettingsPage();
    await screen.findByLabelText('Association name');
    await replace(user, 'Terms offered (months)', terms);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field('Terms offered (months)')).toHaveAttribute('aria-invalid', 'true');
    expect(puts(requests)).toHaveLength(0);
  });

  it('refuses an empty name and an amount with three decimals', async () => {
    const { user } = setupSettingsPage();
    await screen.findByLabelText('Association name');
    await replace(user, 'Association name', '');
    await replace(user, 'Monthly due (AED)', '200.505');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Association name is required.')).toBeInTheDocument();
    expect(
      screen.getByText('Enter an amount in AED with at most two decimals, like 200 or 200.50.'),
    ).toBeInTheDocument();
  });

  it("puts the server's 422 errors beside their fields, a term's on the list of terms", async () => {
    const { user } = setupSettingsPage({
      'PUT /api/admin/settings': () =>
        errorBody(422, 'Please check the highlighted fields.', {
          'loan_policy.terms.1': ['A term is at most 60 months.'],
          'loan_policy.default': ['The default must lie between the minimum and the maximum.'],
          terms_text: ['Terms and conditions must be at most 5000 characters.'],
          'recharge.minimum': ['The amount must be more than AED 0.'],
        }),
    });
    await screen.findByLabelText('Association name');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(field('Terms offered (months)')).toHaveAccessibleDescription(
        'A term is at most 60 months.',
      ),
    );
    expect(field('Suggested amount (AED)')).toHaveAccessibleDescription(
      'The default must lie between the minimum and the maximum.',
    );
    expect(field('Text shown to members when they apply')).toHaveAccessibleDescription(
      'Terms and conditions must be at most 5000 characters.',
    );
    expect(field('Smallest recharge (AED)')).toHaveAccessibleDescription(
      'The amount must be more than AED 0.',
    );
    expect(screen.getByText('Please check the highlighted fields.')).toBeInTheDocument();
  });
});

describe('who may borrow', () => {
  const MEMBERSHIP = 'Months of membership before a first loan';
  const ARREARS = 'Months of dues that may be unpaid';
  const MULTIPLE = "Loan up to this many times the member's savings";
  const ALERT = 'Days late before guarantors are told';
  const BAR = 'Months without a loan after a write-off';

  it('explains each rule, and saves the five as whole numbers with the rest', async () => {
    const { user, requests } = setupSettingsPage();
    const rules = await screen.findByRole('region', { name: 'Who may borrow' });
    expect(within(rules).getAllByRole('textbox')).toHaveLength(5);
    expect(field(BAR)).toHaveAccessibleDescription(
      'A member whose loan was written off may apply again this many months later (0: at once).',
    );
    expect(field(MULTIPLE)).toHaveAccessibleDescription(
      'The most a member may borrow is this number times their savings; guarantors stand for the part above their free savings. 0: loans are not tied to savings.',
    );
    expect(field(ALERT)).toHaveAccessibleDescription(
      "When an installment is this many days late, the loan's guarantors get a message.",
    );
    expect(field(MEMBERSHIP)).toHaveAttribute('inputmode', 'numeric');
    await replace(user, MEMBERSHIP, '6');
    await replace(user, ARREARS, '1');
    await replace(user, MULTIPLE, '5');
    await replace(user, ALERT, '15');
    await replace(user, BAR, '24');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The settings were saved.')).toBeInTheDocument();
    expect(puts(requests)[0]?.body).toMatchObject({
      monthly_due: 200,
      loan_rules: {
        min_membership_months: 6,
        max_months_in_arrears: 1,
        savings_multiple: 5,
        guarantor_alert_days: 15,
        write_off_bar_months: 24,
      },
    });
    await waitFor(() => expect(field(MULTIPLE)).toHaveValue('5'));
  });

  it.each([
    [MEMBERSHIP, '2.5', 'Enter a whole number.'],
    [MEMBERSHIP, 'six', 'Enter a whole number.'],
    [ARREARS, '25', 'That number is too large for this rule.'],
    [MULTIPLE, '21', 'That number is too large for this rule.'],
    [MULTIPLE, '-1', 'Enter 0 or more.'],
    [ALERT, '0', 'Enter 1 or more.'],
    [ALERT, '', 'Enter a whole number.'],
    [BAR, '121', 'That number is too large for this rule.'],
  ])('refuses "%s" as %j before sending', refusedBeforeSending);

  it("puts the server's 422 error beside its rule", async () => {
    const { user } = setupSettingsPage({
      'PUT /api/admin/settings': () =>
        errorBody(422, 'Please check the highlighted fields.', {
          'loan_rules.guarantor_alert_days': ['That number is too large for this rule.'],
        }),
    });
    await screen.findByLabelText(ALERT);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(field(ALERT)).toHaveAccessibleDescription('That number is too large for this rule.'),
    );
  });
});

describe('the dues calendar', () => {
  const DUE_DAY = 'Day of the month dues fall due';
  const REMINDER = 'Reminder, days before the due day';
  const GRACE = 'Days of grace before a fine';
  const FINE = 'Late fine (AED)';
  const PERCENT = 'Late fine as a percentage of the due (optional)';

  it('starts from the saved rules and explains each', async () => {
    setupSettingsPage();
    const dues = await screen.findByRole('region', { name: 'Dues calendar' });
    expect(within(dues).getAllByRole('textbox')).toHaveLength(5);
    expect(field(DUE_DAY)).toHaveValue('1');
    expect(field(REMINDER)).toHaveValue('3');
    expect(field(GRACE)).toHaveValue('15');
    expect(field(FINE)).toHaveValue('10');
    expect(field(PERCENT)).toHaveValue('');
    expect(field(DUE_DAY)).toHaveAccessibleDescription(
      '1 to 28. A member who gave their payday pays on that day instead.',
    );
    expect(field(REMINDER)).toHaveAccessibleDescription(
      'Members get a reminder this many days before their due day; 0: no reminder.',
    );
    expect(field(PERCENT)).toHaveAccessibleDescription(
      "Leave it empty to charge the amount above; 1 to 100 charges that percentage of the month's due instead.",
    );
    expect(field(DUE_DAY)).toHaveAttribute('inputmode', 'numeric');
    expect(field(FINE)).toHaveAttribute('inputmode', 'decimal');
  });

  it('sends them as dues_rules with the rest: the fine in AED, a percentage when set', async () => {
    const { user, requests } = setupSettingsPage();
    await screen.findByLabelText(DUE_DAY);
    await replace(user, DUE_DAY, '25');
    await replace(user, REMINDER, '0');
    await replace(user, GRACE, '7');
    await replace(user, FINE, '12.50');
    await replace(user, PERCENT, '5');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The settings were saved.')).toBeInTheDocument();
    expect(puts(requests)[0]?.body).toMatchObject({
      monthly_due: 200,
      dues_rules: {
        due_day: 25,
        reminder_days_before: 0,
        grace_days: 7,
        fine_amount: 12.5,
        fine_percent: 5,
      },
    });
    await waitFor(() => expect(field(PERCENT)).toHaveValue('5'));
  });

  it('sends an emptied percentage as null: the fixed amount is charged', async () => {
    const { user, requests } = setupSettingsPage({
      'GET /api/admin/settings': () => ({
        body: settingsBody({
          dues_rules: {
            due_day: 1,
            reminder_days_before: 3,
            grace_days: 15,
            fine_amount: 0,
            fine_percent: 10,
          },
        }),
      }),
    });
    expect(await screen.findByLabelText(PERCENT)).toHaveValue('10');
    await replace(user, PERCENT, '');
    await replace(user, FINE, '25');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The settings were saved.')).toBeInTheDocument();
    expect(puts(requests)[0]?.body).toMatchObject({
      dues_rules: { fine_amount: 25, fine_percent: null },
    });
  });

  it.each([
    [DUE_DAY, '29', 'That number is too large for this rule.'],
    [DUE_DAY, '0', 'Enter 1 or more.'],
    [REMINDER, '28', 'That number is too large for this rule.'],
    [GRACE, '61', 'That number is too large for this rule.'],
    [GRACE, '1.5', 'Enter a whole number.'],
    [FINE, '1000.01', 'A fine is at most AED 1,000.'],
    [PERCENT, '101', 'That number is too large for this rule.'],
    [PERCENT, '0', 'Enter 1 or more.'],
  ])('refuses "%s" as %j before sending', refusedBeforeSending);

  it("puts the server's 422 errors beside their fields", async () => {
    const { user } = setupSettingsPage({
      'PUT /api/admin/settings': () =>
        errorBody(422, 'Please check the highlighted fields.', {
          'dues_rules.grace_days': ['That number is too large for this rule.'],
          'dues_rules.fine_amount': ['A fine is at most AED 1,000.'],
        }),
    });
    await screen.findByLabelText(GRACE);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(field(GRACE)).toHaveAccessibleDescription('That number is too large for this rule.'),
    );
    expect(field(FINE)).toHaveAccessibleDescription('A fine is at most AED 1,000.');
    expect(screen.getByText('Please check the highlighted fields.')).toBeInTheDocument();
  });
});

describe('what leaving pays', () => {
  const SHARE_OUT = 'Pay a leaving member their share-out estimate';

  it('starts from the saved choice and sends it as exit_rules with the rest', async () => {
    const { user, requests } = setupSettingsPage();
    const box = await screen.findByRole('checkbox', { name: SHARE_OUT });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/the estimate of their share of the open share-out/);
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The settings were saved.')).toBeInTheDocument();
    expect(puts(requests)[0]?.body).toMatchObject({ exit_rules: { share_out_at_exit: true } });
    // The form starts again from what was saved.
    await waitFor(() => expect(field(SHARE_OUT)).toBeChecked());
  });

  it('unticks a choice saved as ticked', async () => {
    const { user, requests } = setupSettingsPage({
      'GET /api/admin/settings': () => ({
        body: settingsBody({ exit_rules: { share_out_at_exit: true } }),
      }),
    });
    const box = await screen.findByRole('checkbox', { name: SHARE_OUT });
    expect(box).toBeChecked();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The settings were saved.')).toBeInTheDocument();
    expect(puts(requests)[0]?.body).toMatchObject({ exit_rules: { share_out_at_exit: false } });
  });
});

describe('where members send the money', () => {
  const LABEL = 'Where members send the money';

  it('starts from the saved instructions and saves them, a line each, with the rest', async () => {
    const { user, requests } = setupSettingsPage();
    expect(await screen.findByLabelText(LABEL)).toHaveValue('IBAN AE07 0331 2345 6789 0123 456');
    await user.clear(field(LABEL));
    await user.type(
      field(LABEL),
      'Emirates NBD, account name "Jamiya"{Enter}IBAN AE07 0331 2345 6789 0123 456{Enter}Botim 050 123 9876',
    );
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The settings were saved.')).toBeInTheDocument();
    const body = puts(requests)[0]?.body as { payment_instructions: string; monthly_due: number };
    expect(body.payment_instructions).toBe(
      'Emirates NBD, account name "Jamiya"\nIBAN AE07 0331 2345 6789 0123 456\nBotim 050 123 9876',
    );
    expect(body.monthly_due).toBe(200);
    await waitFor(() =>
      expect(field(LABEL)).toHaveValue(
        'Emirates NBD, account name "Jamiya"\nIBAN AE07 0331 2345 6789 0123 456\nBotim 050 123 9876',
      ),
    );
  });

  it('sends an emptied box as empty, which clears them', async () => {
    const { user, requests } = setupSettingsPage();
    await screen.findByLabelText(LABEL);
    await replace(user, LABEL, '');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The settings were saved.')).toBeInTheDocument();
    expect(puts(requests)[0]?.body).toMatchObject({ payment_instructions: '' });
  });

  it('refuses more than 2,000 characters before sending', async () => {
    const { user, requests } = setupSettingsPage();
    await screen.findByLabelText(LABEL);
    await user.clear(field(LABEL));
    // Pasted, as typing 2,001 keys one by one takes seconds.
    await user.click(field(LABEL));
    await user.paste('x'.repeat(2001));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText('Payment instructions must be at most 2000 characters.'),
    ).toBeInTheDocument();
    expect(puts(requests)).toHaveLength(0);
  });
});

describe('loading and failure', () => {
  it("keeps the texts of each of the members' languages, starting from the saved ones", async () => {
    const { user, requests } = setupSettingsPage();
    const language = await screen.findByLabelText('Language');
    // Arabic first, with its instructions saved and its terms empty (English shown).
    expect(language).toHaveValue('ar');
    expect(
      within(language).getByRole('option', { name: '\u2068العربية\u2069 · 1 of 2 texts written' }),
    ).toBeInTheDocument();
    expect(field('Payment instructions in \u2068العربية\u2069')).toHaveValue(
      'الآيبان AE07 0331 2345 6789 0123 456',
    );
    expect(field('Payment instructions in \u2068العربية\u2069')).toHaveAttribute('dir', 'rtl');
    await user.type(
      field('Terms and conditions in \u2068العربية\u2069'),
      'أوافق على السداد في موعده.',
    );
    // Another language's boxes; the Arabic typed is kept meanwhile.
    await user.selectOptions(language, 'ur');
    expect(
      within(language).getByRole('option', { name: '\u2068اردو\u2069 · English shown' }),
    ).toBeInTheDocument();
    await user.type(field('Payment instructions in \u2068اردو\u2069'), 'آئی بین AE07');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The settings were saved.')).toBeInTheDocument();
    expect(puts(requests)[0]?.body).toMatchObject({
      translations: {
        ar: {
          payment_instructions: 'الآيبان AE07 0331 2345 6789 0123 456',
          terms_text: 'أوافق على السداد في موعده.',
        },
        ur: { payment_instructions: 'آئی بین AE07', terms_text: '' },
      },
    });
  });

  it('shows Loading... and then an error with a retry', async () => {
    let calls = 0;
    const { user } = setupSettingsPage({
      'GET /api/admin/settings': () =>
        ++calls === 1
          ? errorBody(500, 'Something went wrong on our side.')
          : { body: settingsBody() },
    });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Association name')).toBeInTheDocument();
  });
});
