import { describe, expect, it, vi } from 'vitest';
import { queryClient } from './app/query-provider.tsx';
import { renderPage } from './prerender.tsx';

// What the build puts in a member page's HTML (scripts/prerender.mjs): the page as it looks
// before its data, the same for every member. Isolated: run in the module graph that other
// files share, React's server render left their renders inside its router ("You cannot render
// a <Router> inside another <Router>").
async function shellOf(pathname: string): Promise<Document> {
  // The build runs where there is no storage: the drawing must not read the session.
  vi.stubGlobal('localStorage', undefined);
  const { markup } = await renderPage(pathname, true, 'en');
  vi.unstubAllGlobals();
  return new DOMParser().parseFromString(markup, 'text/html');
}

describe('renderPage of a member page', () => {
  it('draws the member area with the page’s heading, its text and its loading state', async () => {
    const page = await shellOf('/user/apply-loan');
    expect(page.querySelector('h1')?.textContent).toBe('Apply for a loan');
    expect(page.querySelector('main p')?.textContent).toMatch(/^Choose an amount and a term/);
    expect(page.querySelector('main [role="status"]')?.textContent).toBe('Loading...');
    const shortcuts = page.querySelector('nav[aria-label="Member shortcuts"]');
    expect([...shortcuts!.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/user',
      '/user/monthly-pay',
      '/user/my-loan',
      '/user/dashboard',
    ]);
    // No member's data: the header's name waits as a placeholder.
    expect(page.querySelector('header .animate-pulse-late')).not.toBeNull();
    expect(page.body.textContent).not.toMatch(/Checking your session/);
  });

  it('draws the home page’s loading state, not figures', async () => {
    const page = await shellOf('/user');
    expect(page.querySelector('main [role="status"]')?.textContent).toBe('Loading...');
    expect(page.body.textContent).not.toMatch(/AED/);
  });

  it('leaves no query behind, whose timer would keep the build’s process running for minutes', async () => {
    await shellOf('/user/my-loan');
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});
