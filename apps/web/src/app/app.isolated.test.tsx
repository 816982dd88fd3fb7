import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { expect, it } from 'vitest';
import { stubApi } from '../testing/render.tsx';
import { AppContent } from './app.tsx';

// A file of its own: the toast containers, once loaded, stay for the module's life.
it('loads the page’s toast container once the page has painted, outside the landing page', async () => {
  stubApi({});
  render(
    <MemoryRouter initialEntries={['/no-such-page']}>
      <AppContent />
    </MemoryRouter>,
  );
  expect(document.querySelector('.Toastify')).toBeNull();
  // jsdom reports no paint: the hook's wait is at most half a second.
  await expect.poll(() => document.querySelector('.Toastify'), { timeout: 3000 }).not.toBeNull();
});
