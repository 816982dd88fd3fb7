import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import {
  loansBody,
  pendingLoan,
  profileBody,
  settingsBody,
} from '../../../testing/api-fixtures.ts';
import {
  SUCCESS,
  amount,
  eligibilityBody,
  estimate,
  minus,
  nb,
  plus,
  posts,
  setup,
} from '../testing/apply-loan.tsx';
import { ApplyLoanPage } from './apply-loan-page.tsx';

describe('the amount stepper', () => {
  it('starts at the policy default and steps by the policy step', async () => {
    const { user } = setup();
    expect(await screen.findByRole('status', { name: 'Loan amount' })).toHaveTextContent(
      'AED 1,000',
    );
    await user.click(plus());
    expect(amount()).toHaveTextContent('AED 1,100');
    await user.click(minus());
    await user.click(minus());
    expect(amount()).toHaveTextContent('AED 900');
  });

  it('uses the step of the settings', async () => {
    const { user } = setup({ policy: { step: 250, default: 1000 } });
    await user.click(
      await screen.findByRole('button', { name: nb('Increase the amount by AED 250') }),
    );
    expect(amount()).toHaveTextContent('AED 1,250');
  });

  it('cannot go below the minimum: − is disabled there', async () => {
    const { user } = setup({ policy: { default: 600 } });
    await user.click(
      await screen.findByRole('button', { name: nb('Decrease the amount by AED 100') }),
    );
    expect(amount()).toHaveTextContent('AED 500');
    expect(minus()).toBeDisabled();
    // The keyboard focus is not dropped when the button it was on becomes disabled.
    expect(plus()).toHaveFocus();
    await user.click(minus());
    expect(amount()).toHaveTextContent('AED 500');
    expect(plus()).toBeEnabled();
  });

  it('cannot go above the maximum of the settings, which the Maximum loan text shows too', async () => {
    const { user } = setup({ policy: { maximum: 3000, default: 2900 } });
    expect(await screen.findByText('Minimum AED 500 · Maximum loan AED 3,000')).toBeInTheDocument();
    await user.click(plus());
    expect(amount()).toHaveTextContent('AED 3,000');
    expect(plus()).toBeDisabled();
    await user.click(plus());
    expect(amount()).toHaveTextContent('AED 3,000');
    expect(minus()).toBeEnabled();
  });
});

describe('the estimate', () => {
  it('shows 1,000 AED over 3 months as 1,070 in all and 356.67 a month, and follows the term', async () => {
    const { user } = setup();
    await screen.findByRole('status', { name: 'Loan amount' });
    expect(estimate()).toHaveTextContent('AED 1,070');
    expect(estimate()).toHaveTextContent('for 1 month');

    await user.click(screen.getByRole('radio', { name: '3 months' }));
    expect(estimate()).toHaveTextContent('AED 356.67');
    expect(estimate()).toHaveTextContent('for 3 months');
    expect(estimate()).toHaveTextContent('AED 1,070');
    expect(estimate()).toHaveTextContent('Last installment AED 356.66');

    await user.click(screen.getByRole('radio', { name: '6 months' }));
    expect(estimate()).toHaveTextContent('AED 178.33');
    expect(estimate()).toHaveTextContent('for 6 months');

    await user.click(plus());
    expect(estimate()).toHaveTextContent('AED 1,177');
    expect(estimate()).toHaveTextContent('AED 196.17');
  });

  it('truncates a custom term to whole months: 2.7 is 2', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('radio', { name: 'Custom' }));
    await user.type(screen.getByLabelText('Number of months'), '2.7');
    expect(estimate()).toHaveTextContent('for 2 months');
    expect(estimate()).toHaveTextContent('AED 535');
    await user.tab();
    expect(screen.getByLabelText('Number of months')).toHaveValue(2);
  });

  it('accepts a custom term only above 0 and up to the policy maximum', async () => {
    const { user } = setup({ policy: { max_custom_term: 12 } });
    await user.click(await screen.findByRole('radio', { name: 'Custom' }));
    const months = screen.getByLabelText('Number of months');
    await user.type(months, '0');
    expect(estimate()).toHaveTextContent('Choose a term to see what you will repay.');
    await user.type(screen.getByLabelText('Bank account or Botim number'), 'Botim 0551234567');
    await user.type(screen.getByLabelText('Passport or ID number'), 'N7654321');
    await user.click(screen.getByRole('button', { name: 'Apply for the loan' }));
    expect(await screen.findByText('Enter a number of months greater than 0.')).toBeInTheDocument();

    await user.clear(months);
    await user.type(months, '13');
    await user.click(screen.getByRole('button', { name: 'Apply for the loan' }));
    expect(await screen.findByText('A custom term can be at most 12 months.')).toBeInTheDocument();
  });
});

describe('the application form', () => {
  it('requires the bank account and the passport, and sends nothing without them', async () => {
    const { user, requests } = setup();
    await user.click(await screen.findByRole('button', { name: 'Apply for the loan' }));
    expect(
      await screen.findByText('Bank account or Botim number is required.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Passport or ID number is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Bank account or Botim number')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(posts(requests)).toHaveLength(0);
  });

  it('sends the spec fields with the figures the server computes, then resets to the defaults', async () => {
    const { user, requests } = setup();
    await screen.findByRole('status', { name: 'Loan amount' });
    await user.selectOptions(screen.getByLabelText('Loan type'), 'Business loan');
    await user.click(screen.getByRole('radio', { name: '3 months' }));
    await user.click(screen.getByRole('checkbox', { name: /Add loan insurance/ }));
    await user.type(screen.getByLabelText('Bank account or Botim number'), '  Botim 0551234567 ');
    await user.type(screen.getByLabelText('Passport or ID number'), 'N7654321');
    await user.click(screen.getByRole('button', { name: 'Apply for the loan' }));

    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
    const [post] = posts(requests);
    expect(post?.body).toBeInstanceOf(FormData);
    expect(Object.fromEntries((post!.body as FormData).entries())).toEqual({
      loan_type: 'businessLoan',
      loan_amount: '1000',
      duration_month: '3',
      bank_account: 'Botim 0551234567',
      per_month_amount: '356.67',
      passport_or_nid: 'N7654321',
      includeInsurance: 'true',
      total_amount_with_interest: '1070',
    });

    await waitFor(() =>
      expect(screen.getByLabelText('Bank account or Botim number')).toHaveValue(''),
    );
    expect(screen.getByLabelText('Passport or ID number')).toHaveValue('');
    expect(screen.getByLabelText('Loan type')).toHaveValue('personal');
    expect(screen.getByRole('radio', { name: '1 month' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Add loan insurance/ })).not.toBeChecked();
    expect(amount()).toHaveTextContent('AED 1,000');
    // My loans were asked again: the new application is on My Loan at once.
    expect(requests.filter((r) => r.url.startsWith('/api/my-loans')).length).toBeGreaterThanOrEqual(
      2,
    );
  });

  it('sends a custom term and amounts with fils exactly', async () => {
    const { user, requests } = setup();
    await user.click(
      await screen.findByRole('button', { name: nb('Increase the amount by AED 100') }),
    );
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    await user.type(screen.getByLabelText('Number of months'), '7.9');
    await user.type(
      screen.getByLabelText('Bank account or Botim number'),
      'AE070331234567890123456',
    );
    await user.type(screen.getByLabelText('Passport or ID number'), 'N7654321');
    await user.click(screen.getByRole('button', { name: 'Apply for the loan' }));
    await screen.findByText(SUCCESS);
    const body = Object.fromEntries((posts(requests)[0]!.body as FormData).entries());
    // 1,100 × 1.07 = 1,177; 1,177 / 7 = 168.142… → 168.14
    expect(body).toMatchObject({
      loan_amount: '1100',
      duration_month: '7',
      per_month_amount: '168.14',
      total_amount_with_interest: '1177',
      includeInsurance: 'false',
      loan_type: 'personal',
    });
  });

  it('shows the server message and its field errors when the application is refused', async () => {
    const { user } = setup({
      apply: () => ({
        status: 422,
        body: {
          status_code: 422,
          message: 'A loan must be between 500 and 3,000 AED.',
          errors: { loan_amount: ['Choose an amount from AED 500 to AED 3,000.'] },
        },
      }),
    });
    await user.type(
      await screen.findByLabelText('Bank account or Botim number'),
      'Botim 0551234567',
    );
    await user.type(screen.getByLabelText('Passport or ID number'), 'N7654321');
    await user.click(screen.getByRole('button', { name: 'Apply for the loan' }));
    expect(
      await screen.findByText('A loan must be between 500 and 3,000 AED.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Loan amount' })).toHaveTextContent(
      'Choose an amount from AED 500 to AED 3,000.',
    );
    expect(screen.getByLabelText('Bank account or Botim number')).toHaveValue('Botim 0551234567');
  });

  it('shows the 409 message of a second application', async () => {
    const message =
      'You already have a loan application in progress. Wait for its decision or withdraw it first.';
    const { user } = setup({ apply: () => ({ status: 409, body: { status_code: 409, message } }) });
    await user.type(
      await screen.findByLabelText('Bank account or Botim number'),
      'Botim 0551234567',
    );
    await user.type(screen.getByLabelText('Passport or ID number'), 'N7654321');
    await user.click(screen.getByRole('button', { name: 'Apply for the loan' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

describe('who may apply', () => {
  it('tells a member with an open loan, links to My Loan and does not let them send a second one', async () => {
    setup({ loans: loansBody(pendingLoan()) });
    const notice = await screen.findByText('You already have a loan');
    const box = notice.parentElement!.parentElement!;
    expect(within(box).getByText(/under review/)).toBeInTheDocument();
    expect(within(box).getByRole('link', { name: 'See My Loan' })).toHaveAttribute(
      'href',
      '/user/my-loan',
    );
    expect(screen.getByRole('button', { name: 'Apply for the loan' })).toBeDisabled();
  });

  it('lets a member whose last loan is closed apply again', async () => {
    setup({ loans: loansBody(pendingLoan({ state: 'withdrawn' })) });
    await screen.findByRole('status', { name: 'Loan amount' });
    expect(screen.queryByText('You already have a loan')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply for the loan' })).toBeEnabled();
  });

  it('tells an inactive member that they cannot apply', async () => {
    setup({ status: 0 });
    expect(await screen.findByText('Your membership is inactive')).toBeInTheDocument();
    expect(screen.getByText(/Inactive members cannot apply for a loan/)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Apply for the loan' })).toBeDisabled(),
    );
  });
});

it('shows an error with a retry when the settings cannot be loaded', async () => {
  let calls = 0;
  stubApi({
    'GET /api/settings': () =>
      ++calls === 1
        ? { status: 500, body: { status_code: 500, message: 'Something failed on our side.' } }
        : { body: settingsBody() },
    'GET /api/profile': () => ({ body: profileBody() }),
    'GET /api/my-loans': () => ({ body: loansBody() }),
    'GET /api/my-loans/eligibility': () => ({ body: eligibilityBody() }),
  });
  const user = userEvent.setup();
  renderWithProviders(<ApplyLoanPage />);
  expect(await screen.findByText('Something failed on our side.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('status', { name: 'Loan amount' })).toHaveTextContent('AED 1,000');
});

describe('what the member may borrow', () => {
  it('tells a member who may not borrow why, in the words of the server, and keeps the form from being sent', async () => {
    setup({
      eligibility: eligibilityBody({
        eligible: false,
        max_amount: 0,
        reasons: [
          {
            code: 'membership_too_short',
            message: 'You can borrow once you have been a member for 6 months.',
          },
          { code: 'dues_in_arrears', message: 'Pay your dues of October and November first.' },
        ],
      }),
    });
    const notice = (await screen.findByText('You cannot apply for a loan now')).parentElement!;
    expect(notice).toHaveAttribute('role', 'alert');
    const reasons = within(notice).getAllByRole('listitem');
    expect(reasons.map((r) => r.textContent)).toEqual([
      'You can borrow once you have been a member for 6 months.',
      'Pay your dues of October and November first.',
    ]);
    // The form stays to be read, and cannot be sent.
    expect(screen.getByRole('status', { name: 'Loan amount' })).toHaveTextContent('AED 1,000');
    expect(screen.getByRole('button', { name: 'Apply for the loan' })).toBeDisabled();
    expect(
      screen.getByText(
        'You cannot send this application now: see the note at the top of the page.',
      ),
    ).toBeInTheDocument();
  });

  it('does not repeat what the open loan notice says', async () => {
    setup({
      loans: loansBody(pendingLoan()),
      eligibility: eligibilityBody({
        eligible: false,
        max_amount: 0,
        reasons: [{ code: 'open_loan', message: 'You already have a loan in progress.' }],
      }),
    });
    expect(await screen.findByText('You already have a loan')).toBeInTheDocument();
    expect(screen.queryByText('You already have a loan in progress.')).not.toBeInTheDocument();
    expect(screen.queryByText('You cannot apply for a loan now')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply for the loan' })).toBeDisabled();
  });

  it('gives no amount as a reason not to apply: the open loan alone says why', async () => {
    setup({
      loans: loansBody(pendingLoan()),
      eligibility: eligibilityBody({
        eligible: false,
        max_amount: 0,
        reasons: [
          { code: 'open_loan', message: 'You already have a loan in progress.' },
          {
            code: 'savings_limit',
            message: 'You can borrow up to AED 4,800: 2 times your savings.',
          },
        ],
      }),
    });
    expect(await screen.findByText('You already have a loan')).toBeInTheDocument();
    expect(screen.queryByText('You cannot apply for a loan now')).not.toBeInTheDocument();
    expect(screen.queryByText(/You can borrow up to AED 4,800/)).not.toBeInTheDocument();
  });

  it("stops the stepper at the member's own maximum, on the policy's steps, and says why", async () => {
    const { user } = setup({
      policy: { default: 2300 },
      eligibility: eligibilityBody({
        // 3 × savings of AED 816.50: not on the steps of AED 100, so AED 2,400 at most.
        max_amount: 2449.5,
        savings: 816.5,
        free_savings: 5000,
        reasons: [
          {
            code: 'savings_limit',
            message: 'You may borrow up to 3 times your savings: AED 2,449.50.',
          },
        ],
      }),
    });
    const info = await screen.findByText('How much you can borrow');
    expect(info.parentElement).toHaveAttribute('role', 'status');
    expect(info.parentElement).toHaveTextContent(
      'You may borrow up to 3 times your savings: AED 2,449.50.',
    );
    expect(screen.getByText('Minimum AED 500 · Maximum loan AED 2,400')).toBeInTheDocument();
    await user.click(plus());
    expect(amount()).toHaveTextContent('AED 2,400');
    expect(plus()).toBeDisabled();
    // Eligible: the form can be sent.
    expect(screen.getByRole('button', { name: 'Apply for the loan' })).toBeEnabled();
  });

  it('shows an error with a retry when the eligibility cannot be loaded', async () => {
    let calls = 0;
    stubApi({
      'GET /api/settings': () => ({ body: settingsBody() }),
      'GET /api/profile': () => ({ body: profileBody() }),
      'GET /api/my-loans': () => ({ body: loansBody() }),
      'GET /api/my-loans/eligibility': () =>
        ++calls === 1
          ? { status: 500, body: { status_code: 500, message: 'Something failed on our side.' } }
          : { body: eligibilityBody() },
    });
    const user = userEvent.setup();
    renderWithProviders(<ApplyLoanPage />);
    expect(await screen.findByText('Something failed on our side.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('status', { name: 'Loan amount' })).toHaveTextContent(
      'AED 1,000',
    );
  });
});
