import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { expect, it } from 'vitest';
import { toastSuccess } from '../lib/messages.ts';
import { stubApi } from '../testing/render.tsx';
import { AppContent } from './app.tsx';

// A file of its own: the toast containers, once loaded, stay for the module's life.
it('loads the page’s toast container with the first toast, not with the page', async () => {
  stubApi({});
  render(
    <MemoryRouter initialEntries={['/no-such-page']}>
      <AppContent />
    </MemoryRouter>,
  );
  // Longer than the wait for a first paint (half a second at most in jsdom): nothing comes.
  await new Promise((resolve) => setTimeout(resolve, 800));
  expect(document.querySelector('.Toastify')).toBeNull();
  toastSuccess('Saved.');
  await expect.poll(() => document.body.textContent, { timeout: 3000 }).toContain('Saved.');
});
