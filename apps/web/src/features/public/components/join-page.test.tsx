import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { JoinPage } from './join-page.tsx';

it('says before anything is typed that applications cannot be sent online yet', () => {
  stubApi({});
  renderWithProviders(<JoinPage />);
  expect(
    screen.getByRole('note', { name: 'Applications cannot be sent online yet' }),
  ).toHaveTextContent('speak to a committee member or the treasurer');
  expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
});

it('shows a message beside every field on an empty submit, and no notice', async () => {
  const requests = stubApi({});
  renderWithProviders(<JoinPage />);
  await userEvent.click(screen.getByRole('button', { name: 'Submit application' }));

  expect(await screen.findByText('Full name is required.')).toBeInTheDocument();
  expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Full name is required.');
  expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required.');
  expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription(
    'Mobile number is required.',
  );
  expect(screen.getByLabelText('Passport or national ID number')).toHaveAccessibleDescription(
    'Passport or ID number is required.',
  );
  expect(screen.getByLabelText('Address')).toHaveAccessibleDescription('Address is required.');
  expect(screen.queryByText('Your application was not sent')).not.toBeInTheDocument();
  expect(requests).toEqual([]);
});

it('refuses a bad email and a bad mobile number with clear messages', async () => {
  stubApi({});
  renderWithProviders(<JoinPage />);
  await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
  await userEvent.type(screen.getByLabelText('Mobile number'), '12ab');
  await userEvent.click(screen.getByRole('button', { name: 'Submit application' }));

  expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
  expect(screen.getByText('Enter a phone number of 7 to 20 digits.')).toBeInTheDocument();
});

it('on a valid submit sends nothing and says so plainly', async () => {
  const requests = stubApi({});
  renderWithProviders(<JoinPage />);
  await userEvent.type(screen.getByLabelText('Full name'), 'Amina Rahman');
  await userEvent.type(screen.getByLabelText('Email'), 'amina@example.com');
  await userEvent.type(screen.getByLabelText('Mobile number'), '+971 50 123 4567');
  await userEvent.type(screen.getByLabelText('Passport or national ID number'), 'N1234567');
  await userEvent.type(screen.getByLabelText('Address'), 'Al Nahda, Dubai');
  await userEvent.click(screen.getByRole('button', { name: 'Submit application' }));

  const notice = await screen.findByRole('alert', { name: 'Your application was not sent' });
  expect(notice).toHaveTextContent('nothing was sent');
  expect(notice).toHaveTextContent('Speak to a committee member or the treasurer.');
  expect(notice).toHaveFocus();
  expect(screen.queryByText(/is required/)).not.toBeInTheDocument();
  expect(requests).toEqual([]);
  expect(fetch).not.toHaveBeenCalled();
});
