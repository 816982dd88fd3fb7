import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { myAccountData } from '@jamiya/contracts/payments';
import { profileResponse } from '@jamiya/contracts/profile';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { ContactChatPage } from './contact-chat-page.tsx';
import { MyBonusPage } from './my-bonus-page.tsx';

const account = myAccountData.parse({
  myAccountData: {
    account_balance: 1600,
    due_balance: 200,
    loan_balance: 0,
    monthly_due: 200,
    account_holder_name: 'Amina Rahman',
    owner_data: {
      unique_id: 'JM000002',
      name: 'Amina Rahman',
      status: 1,
      created_at: '2026-03-01T08:00:00.000Z',
    },
    monthlyPaymentData: [],
  },
});

describe('MyBonusPage', () => {
  it('says plainly the bonus is not computed yet and shows only the real savings', async () => {
    stubApi({ 'GET /api/my-account-data': () => ({ body: account }) });
    renderWithProviders(<MyBonusPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'My bonus' })).toBeInTheDocument();
    expect(screen.getByText(/not worked out in the app yet/)).toBeInTheDocument();
    expect(await screen.findByText('AED 1,600')).toBeInTheDocument();
    expect(screen.getByText(/in proportion to their savings/)).toBeInTheDocument();
  });

  it('says "No account data found" when the savings cannot be loaded', async () => {
    stubApi({
      'GET /api/my-account-data': () => ({
        status: 500,
        body: { status_code: 500, message: 'Failed.' },
      }),
    });
    renderWithProviders(<MyBonusPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No account data found');
  });
});

describe('ContactChatPage', () => {
  it('says messages are coming and how to reach the committee meanwhile, with the member ID', async () => {
    stubApi({
      'GET /api/profile': () => ({
        body: profileResponse.parse({
          userData: {
            id: 2,
            unique_id: 'JM000002',
            name: 'Amina Rahman',
            email: 'amina@jamiya.example',
            mobile: null,
            address: null,
            gender: null,
            profession_id: 1,
            status: 1,
            role: 'member',
            image: null,
            wallet: null,
            created_at: '2026-03-01T08:00:00.000Z',
          },
        }),
      }),
    });
    renderWithProviders(<ContactChatPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Contact/Chat' })).toBeInTheDocument();
    expect(screen.getByText(/not possible yet/)).toBeInTheDocument();
    expect(
      screen.getByText(/treasurer or a committee member at the monthly meeting/),
    ).toBeInTheDocument();
    expect(await screen.findByText(/JM000002/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Monthly Pay/ })).toHaveAttribute(
      'href',
      '/user/monthly-pay',
    );
  });
});
