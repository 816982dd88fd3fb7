import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { SignInPage } from './sign-in-page.tsx';

describe('SignInPage', () => {
  it('requires an email and a password before calling the server', async () => {
    const requests = stubApi({});
    renderWithProviders(<SignInPage />, { path: '/sign-in' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('stores the token, toasts the message, and goes to /user', async () => {
    stubApi({
      'POST /api/login': () => ({
        body: {
          access_token: 'abcdefghijklmnopqrstuvwxyz012345',
          token_type: 'Bearer',
          expires_at: '2026-11-22T10:00:00Z',
          message: 'Signed in successfully.',
        },
      }),
      'GET /api/profile': () => ({
        body: {
          userData: {
            id: 4,
            unique_id: 'JM000004',
            name: 'R',
            email: 'r@x.example',
            mobile: null,
            address: null,
            gender: null,
            profession_id: 1,
            status: 1,
            role: 'member',
            image: null,
            wallet: null,
            created_at: '2026-01-01T00:00:00Z',
          },
        },
      }),
    });
    renderWithProviders(<SignInPage />, { path: '/sign-in', routes: { '/user': 'MEMBER HOME' } });
    await userEvent.type(screen.getByLabelText('Email'), 'rahul@jamiya.example');
    await userEvent.type(screen.getByLabelText('Password'), 'jamiya-demo');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('MEMBER HOME')).toBeInTheDocument();
    expect(localStorage.getItem('ts_token')).toBe('abcdefghijklmnopqrstuvwxyz012345');
    await waitFor(() => expect(localStorage.getItem('ts_profile_id')).toBe('4'));
    expect(await screen.findByText('Signed in successfully.')).toBeInTheDocument();
  });

  it("shows the server's message when sign-in fails", async () => {
    stubApi({
      'POST /api/login': () => ({
        status: 401,
        body: { status_code: 401, message: 'The email or password is not correct.' },
      }),
    });
    renderWithProviders(<SignInPage />, { path: '/sign-in' });
    await userEvent.type(screen.getByLabelText('Email'), 'rahul@jamiya.example');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The email or password is not correct.')).toBeInTheDocument();
    expect(localStorage.getItem('ts_token')).toBeNull();
  });
});
