import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { followHeldLink, holdLinksUntilHydrated } from '../../../lib/links-before-hydration.ts';
import { PublicLayout } from './public-layout.tsx';

afterEach(() => followHeldLink(() => undefined));

/** A tap on a link of the top bar before the page is hydrated: the hold keeps it. */
function tapAboutBeforeHydration() {
  holdLinksUntilHydrated();
  const about = document.createElement('a');
  about.href = '/about';
  document.body.append(about);
  about.click();
  about.remove();
}

function renderAt(page: React.ReactNode) {
  render(
    <MemoryRouter initialEntries={['/join']}>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route path="join" element={page} />
          <Route path="about" element={<h1>About us</h1>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

it('follows a link tapped during the hydration once the page is there', async () => {
  tapAboutBeforeHydration();
  renderAt(<h1>Join</h1>);
  expect(await screen.findByRole('heading', { name: 'About us' })).toBeInTheDocument();
});

it('follows it too when the page fails instead, so the links do not stay dead', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the error
  function Broken(): never {
    throw new Error('the page broke');
  }
  tapAboutBeforeHydration();
  renderAt(<Broken />);
  expect(await screen.findByRole('heading', { name: 'About us' })).toBeInTheDocument();
});
