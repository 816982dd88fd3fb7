// A page the build drew is on the screen before React has hydrated it (main.tsx), and its
// links can be tapped meanwhile. Left to React, a tap on a link that is already hydrated while
// the page's content is still being hydrated makes the router show the next page in that same
// render, so React hydrates the next page's tree against this page's HTML (React error #418:
// it throws the page away and draws it again). Left to the browser, the tap loads a whole new
// document over a page that had been working. So while the page hydrates, a tap on a link
// within the app is held and followed by the router as soon as the page is hydrated: a few
// milliseconds later, as one navigation; should the hydration not end (a part of the page
// whose code never comes), the browser follows it after MAX_HOLD_MS
// (docs/decisions/027-how-a-page-starts.md).

type Navigate = (to: string) => unknown;

/** How long a tap waits at most for the hydration before the browser follows it. */
export const MAX_HOLD_MS = 3000;

let held: string | null = null;
let stopHolding: (() => void) | null = null;

/** The path (with query and hash) the router would follow for this click, or null. */
function inAppTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return null;
  if (link.target && link.target !== '_self') return null;
  if (link.hasAttribute('download') || link.origin !== window.location.origin) return null;
  // A link to a place in this page (the skip link) is the browser's to follow.
  const isThisPage =
    link.pathname === window.location.pathname && link.search === window.location.search;
  if (isThisPage && link.hash) return null;
  return `${link.pathname}${link.search}${link.hash}`;
}

/**
 * From now until `followHeldLink`, clicks on links within the app do nothing at once: the last
 * one is kept. Called as the drawn page's hydration starts (main.tsx).
 */
export function holdLinksUntilHydrated(
  root: HTMLElement = document.documentElement,
  /** How a held link is followed should the hydration not end in time: a page load. */
  followAnyway: Navigate = (to) => window.location.assign(to),
): void {
  if (stopHolding) return;
  const onClick = (event: MouseEvent) => {
    const target = inAppTarget(event);
    if (target === null) return;
    event.preventDefault();
    event.stopPropagation();
    held = target;
  };
  // Capturing on an ancestor of React's root: React never sees the click.
  root.addEventListener('click', onClick, { capture: true });
  const timer = setTimeout(() => followHeldLink(followAnyway), MAX_HOLD_MS);
  stopHolding = () => {
    clearTimeout(timer);
    root.removeEventListener('click', onClick, { capture: true });
  };
}

/** The page is hydrated: links are the router's again, and a held one is followed now. */
export function followHeldLink(navigate: Navigate): void {
  stopHolding?.();
  stopHolding = null;
  const target = held;
  held = null;
  if (target !== null) navigate(target);
}
