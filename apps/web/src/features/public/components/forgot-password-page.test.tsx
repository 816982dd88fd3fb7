import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';

const SENT = { body: { message: 'If this email belongs to a member, a link is on its way.' } };

async function ask(email: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
}

it('asks for an email on an empty submit and sends nothing', async () => {
  const requests = stubApi({});
  renderWithProviders(<ForgotPasswordPage />);
  await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
  expect(await screen.findByText('Email is required.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/sign-in');
  expect(requests).toEqual([]);
});

it('refuses an email that is not one', async () => {
  const requests = stubApi({});
  renderWithProviders(<ForgotPasswordPage />);
  await ask('rahul-at-jamiya');
  expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
  expect(requests).toEqual([]);
});

it('sends the email and confirms without saying whether it is a member', async () => {
  const requests = stubApi({ 'POST /api/password/forgot': () => SENT });
  renderWithProviders(<ForgotPasswordPage />);
  await ask('rahul@jamiya.example');

  const done = await screen.findByRole('status', { name: 'Check your email' });
  expect(done).toHaveTextContent('If rahul@jamiya.example belongs to a member');
  expect(done).toHaveFocus();
  expect(requests).toEqual([
    expect.objectContaining({
      method: 'POST',
      url: '/api/password/forgot',
      body: { email: 'rahul@jamiya.example' },
    }),
  ]);

  await userEvent.click(screen.getByRole('button', { name: 'Use another email' }));
  expect(screen.getByLabelText('Email')).toHaveValue('');
});

it("puts the server's field error beside the email on 422", async () => {
  stubApi({
    'POST /api/password/forgot': () => ({
      status: 422,
      body: {
        status_code: 422,
        message: 'Please correct the highlighted fields.',
        errors: { email: ['Email is too long.'] },
      },
    }),
  });
  renderWithProviders(<ForgotPasswordPage />);
  await ask('rahul@jamiya.example');
  expect(await screen.findByText('Email is too long.')).toBeInTheDocument();
  expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is too long.');
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

it("shows the server's sentence when asked too often (429)", async () => {
  stubApi({
    'POST /api/password/forgot': () => ({
      status: 429,
      body: { status_code: 429, message: 'Too many requests. Please wait a moment and try again.' },
    }),
  });
  renderWithProviders(<ForgotPasswordPage />);
  await ask('rahul@jamiya.example');
  expect(
    await screen.findByText('Too many requests. Please wait a moment and try again.'),
  ).toHaveAttribute('role', 'alert');
  expect(screen.queryByRole('status', { name: 'Check your email' })).not.toBeInTheDocument();
  expect(screen.getByLabelText('Email')).toHaveValue('rahul@jamiya.example');
});
