import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { JoinPage } from './join-page.tsx';

const APPLICATION = {
  name: 'Amina Rahman',
  email: 'amina.new@example.com',
  mobile: '+971 50 123 4567',
  national_id: 'N1234567',
  address: 'Al Nahda, Dubai',
};

async function fillAndSubmit() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Full name'), APPLICATION.name);
  await user.type(screen.getByLabelText('Email'), APPLICATION.email);
  await user.type(screen.getByLabelText('Mobile number'), APPLICATION.mobile);
  await user.type(screen.getByLabelText('Passport or national ID number'), APPLICATION.national_id);
  await user.type(screen.getByLabelText('Address'), APPLICATION.address);
  await user.click(screen.getByRole('button', { name: 'Submit application' }));
}

it('says what happens after applying and links to sign in', () => {
  stubApi({});
  renderWithProviders(<JoinPage />);
  expect(screen.getByRole('note', { name: 'What happens next' })).toHaveTextContent(
    'we email you a link to set your password',
  );
  expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
});

it('shows a message beside every field on an empty submit and sends nothing', async () => {
  const requests = stubApi({});
  renderWithProviders(<JoinPage />);
  await userEvent.click(screen.getByRole('button', { name: 'Submit application' }));

  expect(await screen.findByText('Name is required.')).toBeInTheDocument();
  expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Name is required.');
  expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required.');
  expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription(
    'Mobile number is required.',
  );
  expect(screen.getByLabelText('Passport or national ID number')).toHaveAccessibleDescription(
    'Passport or national ID is required.',
  );
  expect(screen.getByLabelText('Address')).toHaveAccessibleDescription('Address is required.');
  expect(requests).toEqual([]);
});

it('refuses a bad email and a bad mobile number with clear messages', async () => {
  const requests = stubApi({});
  renderWithProviders(<JoinPage />);
  await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
  await userEvent.type(screen.getByLabelText('Mobile number'), '12ab');
  await userEvent.click(screen.getByRole('button', { name: 'Submit application' }));

  expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
  expect(screen.getByText('Enter a phone number of 7 to 20 digits.')).toBeInTheDocument();
  expect(requests).toEqual([]);
});

it('sends the application and puts a confirmation, focused, in place of the form', async () => {
  const requests = stubApi({
    'POST /api/applications': () => ({
      status: 201,
      body: { message: 'Your application has been received.' },
    }),
  });
  renderWithProviders(<JoinPage />);
  await fillAndSubmit();

  const done = await screen.findByRole('status', { name: 'Your application has been sent' });
  expect(done).toHaveTextContent('write to you at amina.new@example.com');
  expect(done).toHaveTextContent('a link to set your password');
  expect(done).toHaveFocus();
  expect(screen.queryByRole('button', { name: 'Submit application' })).not.toBeInTheDocument();
  expect(requests).toHaveLength(1);
  expect(requests[0]).toMatchObject({
    method: 'POST',
    url: '/api/applications',
    body: APPLICATION,
  });
  expect(requests[0]?.headers.get('content-type')).toBe('application/json');
});

it("puts the server's field errors beside the fields on 422 and keeps the form", async () => {
  stubApi({
    'POST /api/applications': () => ({
      status: 422,
      body: {
        status_code: 422,
        message: 'Please correct the highlighted fields.',
        errors: { mobile: ['This mobile number cannot be reached.'] },
      },
    }),
  });
  renderWithProviders(<JoinPage />);
  await fillAndSubmit();

  expect(await screen.findByText('Please correct the highlighted fields.')).toBeInTheDocument();
  expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription(
    'This mobile number cannot be reached.',
  );
  expect(screen.getByLabelText('Mobile number')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByLabelText('Full name')).toHaveValue(APPLICATION.name);
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

it("shows the server's sentence when too many applications were sent (429)", async () => {
  stubApi({
    'POST /api/applications': () => ({
      status: 429,
      body: { status_code: 429, message: 'Too many requests. Please wait a moment and try again.' },
    }),
  });
  renderWithProviders(<JoinPage />);
  await fillAndSubmit();

  expect(
    await screen.findByText('Too many requests. Please wait a moment and try again.'),
  ).toHaveAttribute('role', 'alert');
  expect(screen.getByRole('button', { name: 'Submit application' })).toBeEnabled();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});
