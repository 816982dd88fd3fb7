import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';

it('says plainly that reset links cannot be sent yet and links back to sign in', () => {
  stubApi({});
  renderWithProviders(<ForgotPasswordPage />);
  expect(screen.getByRole('note', { name: 'Reset links cannot be sent yet' })).toHaveTextContent(
    'Ask the treasurer to reset your password',
  );
  expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/sign-in');
});

it('asks for an email on an empty submit', async () => {
  stubApi({});
  renderWithProviders(<ForgotPasswordPage />);
  await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
  expect(await screen.findByText('Email is required.')).toBeInTheDocument();
  expect(screen.queryByRole('alert', { name: 'No reset link was sent' })).not.toBeInTheDocument();
});

it('on a valid submit sends nothing and tells the member to ask the treasurer', async () => {
  const requests = stubApi({});
  renderWithProviders(<ForgotPasswordPage />);
  await userEvent.type(screen.getByLabelText('Email'), 'rahul@jamiya.example');
  await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

  const notice = await screen.findByRole('alert', { name: 'No reset link was sent' });
  expect(notice).toHaveTextContent('no email was sent to rahul@jamiya.example');
  expect(notice).toHaveTextContent('ask the treasurer to reset your password');
  expect(requests).toEqual([]);
  expect(fetch).not.toHaveBeenCalled();
});
