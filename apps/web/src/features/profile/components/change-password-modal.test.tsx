import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi, type StubRequest } from '../../../testing/render.tsx';
import { errorBody } from '../../../testing/api-fixtures.ts';
import { profileOf } from '../testing/fixtures.ts';
import { MyProfilePage } from './my-profile-page.tsx';

const profile = profileOf({
  id: 3,
  unique_id: 'JM000003',
  name: 'Rahul Nair',
  email: 'rahul@jamiya.example',
  wallet: null,
});

async function openPasswordModal(handlers: Parameters<typeof stubApi>[0] = {}) {
  const requests = stubApi({ 'GET /api/profile': () => ({ body: profile }), ...handlers });
  renderWithProviders(<MyProfilePage />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Change password' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Change password' }));
  const fill = async (old: string, password: string, confirmation: string) => {
    if (old) await user.type(dialog.getByLabelText('Current password'), old);
    if (password) await user.type(dialog.getByLabelText('New password'), password);
    if (confirmation)
      await user.type(dialog.getByLabelText('Confirm the new password'), confirmation);
    await user.click(dialog.getByRole('button', { name: 'Change password' }));
  };
  return { requests, dialog, fill };
}

const posts = (requests: StubRequest[]) => requests.filter((r) => r.method === 'POST');

/** The server's 422 for a wrong current password. */
const wrongPassword = () =>
  errorBody(422, 'Your current password is not correct.', {
    old_password: ['The current password is not correct.'],
  });

describe('the change-password modal', () => {
  it('requires all three fields', async () => {
    const { dialog, fill, requests } = await openPasswordModal();
    await fill('', '', '');
    expect(await dialog.findByText('Current password is required.')).toBeInTheDocument();
    expect(dialog.getByText('The new password must be at least 8 characters.')).toBeInTheDocument();
    expect(dialog.getByText('Please confirm the new password.')).toBeInTheDocument();
    expect(posts(requests)).toHaveLength(0);
  });

  it('shows an error when the two new passwords differ, and sends nothing', async () => {
    const { dialog, fill, requests } = await openPasswordModal();
    await fill('jamiya-demo', 'a-new-pass-123', 'a-new-pass-124');
    expect(await dialog.findByText('The two new passwords do not match.')).toBeInTheDocument();
    expect(dialog.getByLabelText('Confirm the new password')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(posts(requests)).toHaveLength(0);
  });

  it("shows the server's message and field error on 422", async () => {
    const { dialog, fill } = await openPasswordModal({
      'POST /api/profile/password/update': wrongPassword,
    });
    await fill('wrong-one', 'a-new-pass-123', 'a-new-pass-123');
    expect(
      (await dialog.findByText('Your current password is not correct.')).closest('[role="alert"]'),
    ).toBeInTheDocument();
    expect(dialog.getByText('The current password is not correct.')).toBeInTheDocument();
    expect(dialog.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.queryByText('Failed to change password. Please try again later.'),
    ).not.toBeInTheDocument();
  });

  it("clears the server's sentence on the next try, even one the form refuses itself", async () => {
    const { dialog, fill, requests } = await openPasswordModal({
      'POST /api/profile/password/update': wrongPassword,
    });
    await fill('wrong-one', 'a-new-pass-123', 'a-new-pass-123');
    expect(await dialog.findByText('Your current password is not correct.')).toBeInTheDocument();
    // The next try: the current password is right now, the confirmation is not.
    const user = userEvent.setup();
    await user.clear(dialog.getByLabelText('Current password'));
    await user.clear(dialog.getByLabelText('Confirm the new password'));
    await fill('jamiya-demo', '', 'a-new-pass-124');
    expect(await dialog.findByText('The two new passwords do not match.')).toBeInTheDocument();
    expect(dialog.queryByText('Your current password is not correct.')).not.toBeInTheDocument();
    expect(posts(requests)).toHaveLength(1);
  });

  it('falls back to the spec sentence when the server gives no message', async () => {
    const { dialog, fill } = await openPasswordModal({
      'POST /api/profile/password/update': () => ({ status: 502, body: null }),
    });
    await fill('jamiya-demo', 'a-new-pass-123', 'a-new-pass-123');
    expect(
      await dialog.findByText('Failed to change password. Please try again later.'),
    ).toBeInTheDocument();
  });

  it('sends the three fields as JSON, toasts, closes, and opens empty next time', async () => {
    const { fill, requests } = await openPasswordModal({
      'POST /api/profile/password/update': () => ({
        body: { message: 'Your password has been changed.' },
      }),
    });
    await fill('jamiya-demo', 'a-new-pass-123', 'a-new-pass-123');
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    const [post] = posts(requests);
    expect(post?.url).toBe('/api/profile/password/update');
    expect(post?.headers.get('content-type')).toBe('application/json');
    expect(post?.body).toEqual({
      old_password: 'jamiya-demo',
      password: 'a-new-pass-123',
      password_confirmation: 'a-new-pass-123',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Change password' }));
    expect(dialog.getByLabelText('Current password')).toHaveValue('');
    expect(dialog.getByLabelText('New password')).toHaveValue('');
  });
});
