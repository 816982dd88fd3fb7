import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { expect, it, vi } from 'vitest';
import { AppContent } from '../app/app.tsx';
import { Modal } from '../components/modal.tsx';
import { stubApi } from '../testing/render.tsx';
import { toastError, toastSuccess } from './messages.ts';

// The toast containers (and the toast library) come after the page has painted, when a modal
// opens, or with the first toast (lib/toast-containers-loader.ts). This file's module state
// starts without them.
it('shows a toast made in an open modal in the modal, and one for the page on the page, before either container was here', async () => {
  stubApi({ 'GET /api/settings': () => ({ status: 503, body: { message: 'down' } }) });
  render(
    <MemoryRouter initialEntries={['/']}>
      <AppContent />
      <Modal isOpen onClose={vi.fn()} title="Pay a month">
        <p>form</p>
      </Modal>
    </MemoryRouter>,
  );
  expect(document.querySelector('.Toastify')).toBeNull();

  // At once, as a form's answer could come while the containers still load.
  act(() => {
    toastError(new Error('offline'));
    toastSuccess('Payment submitted.');
  });
  const dialog = screen.getByRole('dialog', { name: 'Pay a month' });
  expect(await within(dialog).findByText('Network Error')).toBeInTheDocument();
  const success = await screen.findByText('Payment submitted.');
  expect(dialog).not.toContainElement(success);
});
