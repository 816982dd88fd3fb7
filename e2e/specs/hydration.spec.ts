import { expect, test } from '../support/fixtures.ts';

// A page the build drew is on the screen before React has hydrated it, and React hydrates it in
// slices: the page's content after the layout around it. A tap on a link of the top bar in
// that moment made the router show the next page while React was still hydrating this one,
// and React met the next page's tree in this page's HTML (error #418, one CI run in several).
// The tap is now held until the page is hydrated, then followed (lib/links-before-hydration.ts).

interface Tap {
  /** Whether the page's content was already hydrated when the link was tapped. */
  wasContentHydrated: boolean;
  /** The document the tap happened in (performance.timeOrigin). */
  documentOrigin: number;
}

declare global {
  interface Window {
    __tap?: Tap;
  }
}

test('a link tapped at any moment of the hydration of a drawn page is followed once, without an error', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const context = page.context();
  let tapsDuringHydration = 0;
  // One load per moment: the tap comes `ticks` tasks after React starts hydrating, until a tap
  // finds the page already hydrated.
  for (let ticks = 0; ticks < 200; ticks++) {
    const tab = await context.newPage();
    const errors: string[] = [];
    tab.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    tab.on('pageerror', (error) => errors.push(error.message));
    await tab.addInitScript((ticks: number) => {
      const isHydrated = (node: Element | null) =>
        !!node && Object.keys(node).some((key) => key.startsWith('__reactProps'));
      let count = -1;
      const tick = () => {
        const root = document.getElementById('root');
        if (count < 0 && root && Object.keys(root).some((k) => k.startsWith('__reactContainer')))
          count = 0; // hydrateRoot has been called
        if (count >= 0 && count++ >= ticks) {
          const home = [...document.querySelectorAll('header nav a')].find(
            (a) => a.textContent === 'Home',
          );
          window.__tap = {
            wasContentHydrated: isHydrated(document.querySelector('main > *')),
            documentOrigin: performance.timeOrigin,
          };
          (home as HTMLElement).click();
          return;
        }
        setTimeout(tick);
      };
      // Only in the page first loaded, not in the one a full page load would bring.
      if (window.location.pathname === '/join') setTimeout(tick);
    }, ticks);
    await tab.goto('/join');
    await expect(tab).toHaveURL(/\/$/);
    await expect(
      tab.getByRole('heading', { level: 1, name: 'Save together. Borrow fairly.' }),
    ).toBeVisible();
    const { tap, documentOrigin } = await tab.evaluate(() => ({
      tap: window.__tap,
      documentOrigin: performance.timeOrigin,
    }));
    await tab.close();
    expect(errors, `tap ${ticks} tasks into the hydration`).toEqual([]);
    // Followed by the router in the same document, not by a page load.
    expect(tap?.documentOrigin, `tap ${ticks} tasks into the hydration`).toBe(documentOrigin);
    if (tap?.wasContentHydrated) break;
    tapsDuringHydration++;
  }
  test
    .info()
    .annotations.push({ type: 'taps during hydration', description: `${tapsDuringHydration}` });
  // Else the loop never reached the moment it is about.
  expect(tapsDuringHydration).toBeGreaterThan(0);
});
