import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsBody } from '../../../testing/api-fixtures.ts';
import { renderWithProviders, stubApi, type StubRequest } from '../../../testing/render.tsx';
import { profileOf } from '../testing/fixtures.ts';
import { MyProfilePage } from './my-profile-page.tsx';

const profile = profileOf();

// The photo preview is an object URL; a known one lets the test see the preview is the chosen file.
const originalUrlFns = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  URL.createObjectURL = originalUrlFns.create;
  URL.revokeObjectURL = originalUrlFns.revoke;
});

const updated = (name: string) => ({
  body: { message: 'Your profile has been updated.', userData: { ...profile.userData, name } },
});

async function openEditor(handlers: Parameters<typeof stubApi>[0] = {}) {
  const requests = stubApi({
    'GET /api/profile': () => ({ body: profile }),
    'GET /api/settings': () => ({ body: settingsBody() }),
    ...handlers,
  });
  const view = renderWithProviders(<MyProfilePage />);
  const user = userEvent.setup({ applyAccept: false });
  await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Edit profile' }));
  return { requests, user, dialog, queryClient: view.queryClient };
}

const posts = (requests: StubRequest[]) => requests.filter((r) => r.method === 'POST');

describe('the profile view', () => {
  it('shows the member as the API gives it', async () => {
    stubApi({ 'GET /api/profile': () => ({ body: profile }) });
    renderWithProviders(<MyProfilePage />);
    expect(await screen.findByText('amina@jamiya.example')).toBeInTheDocument();
    expect(screen.getByText('Al Qusais, Dubai')).toBeInTheDocument();
    expect(screen.getByText('Botim 0501234567')).toBeInTheDocument();
    expect(screen.getByText('Female')).toBeInTheDocument();
    expect(screen.getByText('1 March 2026')).toBeInTheDocument();
    expect(screen.getAllByText('Active')).toHaveLength(2);
    expect(screen.getByText('ID: JM000002')).toBeInTheDocument();
  });

  it("shows the payday, or the association's due day when there is none", async () => {
    stubApi({
      'GET /api/profile': () => ({ body: profile }),
      'GET /api/settings': () => ({ body: settingsBody() }),
    });
    const view = renderWithProviders(<MyProfilePage />);
    const row = async () => (await screen.findByText('Payday')).parentElement!;
    await waitFor(async () =>
      expect(await row()).toHaveTextContent("The association's due day (the 1st)"),
    );
    view.unmount();

    stubApi({
      'GET /api/profile': () => ({ body: { userData: { ...profile.userData, payday: 25 } } }),
      'GET /api/settings': () => ({ body: settingsBody() }),
    });
    renderWithProviders(<MyProfilePage />);
    expect(await row()).toHaveTextContent('The 25th of the month');
  });

  it('says Inactive for status 0 and "Not given" for empty fields', async () => {
    stubApi({
      'GET /api/profile': () => ({
        body: { userData: { ...profile.userData, status: 0, wallet: null, gender: null } },
      }),
    });
    renderWithProviders(<MyProfilePage />);
    expect(await screen.findAllByText('Inactive')).toHaveLength(2);
    expect(screen.getAllByText('Not given')).toHaveLength(2);
  });
});

describe('the edit-profile modal', () => {
  it('starts from the saved profile', async () => {
    const { dialog } = await openEditor();
    expect(dialog.getByLabelText('Name')).toHaveValue('Amina Rahman');
    expect(dialog.getByLabelText('Address')).toHaveValue('Al Qusais, Dubai');
    expect(dialog.getByLabelText('Wallet')).toHaveValue('Botim 0501234567');
    expect(dialog.getByLabelText('Gender (optional)')).toHaveValue('female');
    // The payday is chosen on its own (payday-modal.test.tsx).
    expect(dialog.queryByLabelText('Payday')).toBeNull();
  });

  it('requires name, address and wallet, and sends nothing until they are given', async () => {
    const { dialog, user, requests } = await openEditor();
    await user.clear(dialog.getByLabelText('Name'));
    await user.clear(dialog.getByLabelText('Address'));
    await user.clear(dialog.getByLabelText('Wallet'));
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await dialog.findByText('Name is required.')).toBeInTheDocument();
    expect(dialog.getByText('Address is required.')).toBeInTheDocument();
    expect(dialog.getByText('Wallet is required.')).toBeInTheDocument();
    expect(posts(requests)).toHaveLength(0);
  });

  it('sends multipart with address, wallet, profession_id 1, gender and the photo; then closes and refreshes', async () => {
    const { dialog, user, requests, queryClient } = await openEditor({
      'POST /api/profile/update': () => updated('Amina R. Rahman'),
    });
    queryClient.setQueryData(['accountData'], { account_holder_name: 'Amina Rahman' });
    await user.clear(dialog.getByLabelText('Name'));
    await user.type(dialog.getByLabelText('Name'), '  Amina R. Rahman ');
    await user.clear(dialog.getByLabelText('Address'));
    await user.type(dialog.getByLabelText('Address'), 'Al Nahda, Sharjah');
    await user.clear(dialog.getByLabelText('Wallet'));
    await user.type(dialog.getByLabelText('Wallet'), 'Botim 0559876543');
    const photo = new File(['photo bytes'], 'me.jpg', { type: 'image/jpeg' });
    await user.upload(dialog.getByLabelText('Photo (optional)'), photo);
    expect(dialog.getByRole('img', { name: 'The new photo' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Your profile has been updated.')).toBeInTheDocument();
    const [post] = posts(requests);
    expect(post?.url).toBe('/api/profile/update');
    const body = post?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('name')).toBe('Amina R. Rahman');
    expect(body.get('address')).toBe('Al Nahda, Sharjah');
    expect(body.get('wallet')).toBe('Botim 0559876543');
    expect(body.get('profession_id')).toBe('1');
    expect(body.get('gender')).toBe('female');
    expect(body.get('image')).toBe(photo);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // ['profile'] is refetched (the page watches it) and ['accountData'] is marked stale.
    await waitFor(() => expect(requests.filter((r) => r.url === '/api/profile')).toHaveLength(2));
    expect(queryClient.getQueryState(['accountData'])?.isInvalidated).toBe(true);
  });

  it('leaves gender and image out when none is chosen', async () => {
    const { dialog, user, requests } = await openEditor({
      'POST /api/profile/update': () => updated('Amina Rahman'),
    });
    await user.selectOptions(dialog.getByLabelText('Gender (optional)'), '');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Your profile has been updated.');
    const body = posts(requests)[0]?.body as FormData;
    expect([...body.keys()].sort()).toEqual(['address', 'name', 'profession_id', 'wallet']);
  });

  const hugePhoto = () => {
    const file = new File(['png'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(file, 'size', { value: 10 * 1024 * 1024 + 1 });
    return file;
  };
  it.each([
    [
      'a PDF',
      () => new File(['%PDF-1.7'], 'receipt.pdf', { type: 'application/pdf' }),
      'Choose a photo in JPEG, PNG, WebP or HEIC.',
    ],
    ['a photo over 10 MB', hugePhoto, 'The photo must be at most 10 MB.'],
  ])('refuses %s before sending', async (_, makeFile, message) => {
    const file = makeFile();
    const { dialog, user, requests } = await openEditor();
    await user.upload(dialog.getByLabelText('Photo (optional)'), file);
    expect(await dialog.findByText(message)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(dialog.getByText(message)).toBeInTheDocument();
    expect(posts(requests)).toHaveLength(0);
  });

  it('shows the failure banner and the server field errors when the update fails', async () => {
    const { dialog, user } = await openEditor({
      'POST /api/profile/update': () => ({
        status: 422,
        body: {
          status_code: 422,
          message: 'Check the highlighted fields.',
          errors: { wallet: ['Wallet must be at most 100 characters.'] },
        },
      }),
    });
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    const banner = await dialog.findByText('Failed to update profile. Please try again later.');
    expect(banner.closest('[role="alert"]')).toHaveTextContent('Check the highlighted fields.');
    expect(dialog.getByText('Wallet must be at most 100 characters.')).toBeInTheDocument();
    expect(dialog.getByLabelText('Wallet')).toHaveAttribute('aria-invalid', 'true');
    // The modal stays open so the member can fix it.
    expect(screen.getByRole('dialog', { name: 'Edit profile' })).toBeInTheDocument();
  });

  it('shows the failure banner when the network fails', async () => {
    const { dialog, user } = await openEditor();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(
      await dialog.findByText('Failed to update profile. Please try again later.'),
    ).toBeInTheDocument();
  });
});
