import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { MobileRechargeForm } from './mobile-recharge-form.tsx';
import { MobileRechargePage } from './mobile-recharge-page.tsx';

const NOT_SENT = 'Recharge requests cannot be sent yet.';

async function fill({
  number,
  amount,
  operator,
}: {
  number?: string;
  amount?: string;
  operator?: string;
}) {
  const user = userEvent.setup();
  if (number !== undefined) await user.type(screen.getByLabelText('Mobile number'), number);
  if (amount !== undefined) await user.type(screen.getByLabelText('Amount (AED)'), amount);
  if (operator !== undefined) await user.selectOptions(screen.getByLabelText('Operator'), operator);
  await user.click(screen.getByRole('button', { name: 'Confirm & Pay' }));
  return user;
}

describe('MobileRechargeForm', () => {
  it('asks for every field when nothing is filled in', async () => {
    const requests = stubApi({});
    renderWithProviders(<MobileRechargeForm />);
    await fill({});
    expect(
      await screen.findByText('Enter a 10-digit mobile number, with or without +91.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Enter an amount from 10 to 1,000 AED, with at most two decimals.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Choose an operator.')).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(NOT_SENT)).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['12345', 'too short'],
    ['98765432101', 'too long'],
    ['+92 98765 43210', 'another country code'],
    ['98765abcde', 'letters'],
  ])('refuses the number %s (%s)', async (number) => {
    stubApi({});
    renderWithProviders(<MobileRechargeForm />);
    await fill({ number, amount: '50', operator: 'jio' });
    expect(
      await screen.findByText('Enter a 10-digit mobile number, with or without +91.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Choose an operator.')).not.toBeInTheDocument();
    expect(screen.queryByText(NOT_SENT)).not.toBeInTheDocument();
  });

  it.each(['9.99', '1000.01', '5000', '0', '-20', '12.345', 'ten'])(
    'refuses the amount %s',
    async (amount) => {
      stubApi({});
      renderWithProviders(<MobileRechargeForm />);
      await fill({ number: '9876543210', amount, operator: 'airtel' });
      expect(
        await screen.findByText('Enter an amount from 10 to 1,000 AED, with at most two decimals.'),
      ).toBeInTheDocument();
      expect(screen.queryByText(NOT_SENT)).not.toBeInTheDocument();
    },
  );

  it('lists the four operators with a placeholder', () => {
    stubApi({});
    renderWithProviders(<MobileRechargeForm />);
    const options = screen
      .getAllByRole('option')
      .map((o) => [o.getAttribute('value'), o.textContent]);
    expect(options).toEqual([
      ['', 'Operator'],
      ['airtel', 'Airtel'],
      ['jio', 'Jio'],
      ['vodafone', 'Vodafone'],
      ['bsnl', 'BSNL'],
    ]);
  });

  it.each([
    ['+91 98765 43210', '10', 'jio'],
    ['9876543210', '1000', 'bsnl'],
    ['+919876543210', '49.50', 'vodafone'],
  ])(
    'says plainly that a valid request (%s, %s AED, %s) cannot be sent yet, and sends nothing',
    async (number, amount, operator) => {
      const requests = stubApi({});
      renderWithProviders(<MobileRechargeForm />);
      const user = await fill({ number, amount, operator });
      expect(await screen.findByText(NOT_SENT)).toBeInTheDocument();
      expect(screen.getByText(/nothing was sent and no money was taken/)).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(requests).toHaveLength(0);
      // Changing a field takes the notice away until the next submit.
      await user.type(screen.getByLabelText('Amount (AED)'), '0');
      expect(screen.queryByText(NOT_SENT)).not.toBeInTheDocument();
    },
  );

  it('keeps the note about the 3-4 minute delay', () => {
    stubApi({});
    renderWithProviders(<MobileRechargeForm />);
    expect(screen.getByText(/at least 3-4 minutes/)).toBeInTheDocument();
  });
});

describe('MobileRechargePage', () => {
  it('has a title and the same form', async () => {
    const requests = stubApi({});
    renderWithProviders(<MobileRechargePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Mobile recharge' })).toBeInTheDocument();
    await fill({ number: '9876543210', amount: '100', operator: 'airtel' });
    expect(await screen.findByText(NOT_SENT)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});
