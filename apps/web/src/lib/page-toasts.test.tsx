import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { expect, it } from 'vitest';
import { AppContent } from '../app/app.tsx';
import { stubApi } from '../testing/render.tsx';
import { toastError, toastSuccess } from './messages.ts';
import { usePageToastsWanted } from './page-toasts.ts';

function Wanted() {
  return <p>{usePageToastsWanted() ? 'wanted' : 'not wanted'}</p>;
}

// The toast library and its container come with the first toast, not with the page
// (app/app.tsx, lib/messages.ts); this file's module state starts without any toast.
it('puts the page’s toasts on the screen with the first toast, which waits for them', async () => {
  stubApi({ 'GET /api/settings': () => ({ status: 503, body: { message: 'down' } }) });
  render(
    <MemoryRouter initialEntries={['/no-such-page']}>
      <Wanted />
      <AppContent />
    </MemoryRouter>,
  );
  expect(screen.getByText('not wanted')).toBeInTheDocument();
  expect(document.querySelector('.Toastify')).toBeNull();

  act(() => toastSuccess('Payment submitted.'));
  expect(screen.getByText('wanted')).toBeInTheDocument();
  expect(await screen.findByText('Payment submitted.')).toBeInTheDocument();

  // Later toasts go to the container that is now there.
  act(() => toastError(new Error('offline')));
  expect(await screen.findByText('Network Error')).toBeInTheDocument();
});
