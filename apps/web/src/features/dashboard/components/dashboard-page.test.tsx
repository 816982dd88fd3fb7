import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { myAccountData } from '@jamiya/contracts/payments';
import { monthRow } from '../../../testing/api-fixtures.ts';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { DashboardPage } from './dashboard-page.tsx';

const account = (status: 0 | 1) =>
  myAccountData.parse({
    myAccountData: {
      account_balance: 400,
      due_balance: 400,
      under_review: 0,
      current_period: '2026-11',
      loan_balance: 1426.66,
      monthly_due: 200,
      account_holder_name: 'Rahul Nair',
      owner_data: {
        unique_id: 'JM000003',
        name: 'Rahul Nair',
        status,
        created_at: '2026-08-01T08:00:00.000Z',
      },
      monthlyPaymentData: [
        monthRow('2026-11', 'pay_now'),
        monthRow('2026-10', 'due'),
        monthRow('2026-09', 'pending'),
        monthRow('2026-08', 'completed'),
      ],
    },
  });

const statusRow = (label: string) => screen.getByText(label).nextElementSibling;

describe('DashboardPage', () => {
  it('welcomes the member and shows the balances and the Member Status panel', async () => {
    stubApi({ 'GET /api/my-account-data': () => ({ body: account(1) }) });
    renderWithProviders(<DashboardPage />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Rahul Nair' }),
    ).toBeInTheDocument();
    const balances = within(screen.getByRole('list', { name: 'Your balances' }));
    expect(balances.getByText('Savings balance').nextElementSibling).toHaveTextContent('AED 400');
    expect(balances.getByText('Due balance').nextElementSibling).toHaveTextContent('AED 400');
    expect(balances.getByText('Loan balance').nextElementSibling).toHaveTextContent('AED 1,426.66');

    const panel = within(screen.getByRole('region', { name: 'Member Status' }));
    expect(panel.getByText('Active')).toBeInTheDocument();
    expect(statusRow('Member ID')).toHaveTextContent('JM000003');
    expect(statusRow('Member since')).toHaveTextContent('1 August 2026');
    expect(statusRow('Monthly due')).toHaveTextContent('AED 200');
    expect(statusRow('Months paid')).toHaveTextContent('1 of 4 months');
    expect(statusRow('Months not paid')).toHaveTextContent('2 months');
    expect(statusRow('Months under review')).toHaveTextContent('1 month');
  });

  it('leads to the statement', async () => {
    stubApi({ 'GET /api/my-account-data': () => ({ body: account(1) }) });
    renderWithProviders(<DashboardPage />, { routes: { '/user/statement': 'STATEMENT PAGE' } });
    const link = await screen.findByRole('link', { name: 'Statement' });
    expect(link).toHaveAttribute('href', '/user/statement');
    await userEvent.click(link);
    expect(await screen.findByText('STATEMENT PAGE')).toBeInTheDocument();
  });

  it('shows Inactive for status 0 and says what it means', async () => {
    stubApi({ 'GET /api/my-account-data': () => ({ body: account(0) }) });
    renderWithProviders(<DashboardPage />);
    const panel = within(await screen.findByRole('region', { name: 'Member Status' }));
    expect(panel.getByText('Inactive')).toBeInTheDocument();
    expect(panel.getByText(/cannot apply for a loan/)).toBeInTheDocument();
  });

  it("says the load failed, with the server's message, and tries again", async () => {
    let calls = 0;
    stubApi({
      'GET /api/my-account-data': () =>
        ++calls === 1
          ? { status: 500, body: { status_code: 500, message: 'Something failed on our side.' } }
          : { body: account(1) },
    });
    renderWithProviders(<DashboardPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('Something failed on our side.');
    expect(alert).not.toHaveTextContent('No account data found');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Rahul Nair' })).toBeInTheDocument();
  });

  it('says the connection failed, not that there is no data, when the network is down', async () => {
    stubApi({
      'GET /api/my-account-data': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderWithProviders(<DashboardPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Network Error');
    expect(alert).not.toHaveTextContent('No account data found');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
