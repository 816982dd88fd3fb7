import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { followHeldLink, holdLinksUntilHydrated, MAX_HOLD_MS } from './links-before-hydration.ts';

let root: HTMLDivElement;
/** React's root listener, which a held click must not reach. */
let reactSaw: string[];

function link(href: string, attributes: Record<string, string> = {}): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = href;
  for (const [name, value] of Object.entries(attributes)) a.setAttribute(name, value);
  root.append(a);
  return a;
}

/** A click as the browser sends it; whether its default action (a page load) still stands. */
function click(target: Element, init: MouseEventInit = {}): boolean {
  return target.dispatchEvent(
    new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }),
  );
}

beforeEach(() => {
  window.history.replaceState(null, '', '/join');
  root = document.createElement('div');
  document.body.append(root);
  reactSaw = [];
  root.addEventListener('click', (event) => {
    reactSaw.push((event.target as HTMLAnchorElement).getAttribute('href') ?? '');
    event.preventDefault(); // jsdom would otherwise try to navigate
  });
});
afterEach(() => {
  followHeldLink(() => undefined); // stops holding for the next test
  root.remove();
  // The web tests share one page: the next file expects to start at /.
  window.history.replaceState(null, '', '/');
});

it('holds a tap on a link of the app, and follows the last one once the page is hydrated', () => {
  holdLinksUntilHydrated();
  const about = link('/about');
  const signIn = link('/sign-in?from=%2Fuser#form');
  expect(click(about)).toBe(false);
  expect(click(signIn)).toBe(false);
  expect(reactSaw).toEqual([]);

  const navigate = vi.fn();
  followHeldLink(navigate);
  expect(navigate).toHaveBeenCalledTimes(1);
  expect(navigate).toHaveBeenCalledWith('/sign-in?from=%2Fuser#form');

  // From then on the links are the router's (React's) again.
  expect(click(about)).toBe(false); // prevented by the stand-in for React only
  expect(reactSaw).toEqual(['/about']);
  followHeldLink(navigate);
  expect(navigate).toHaveBeenCalledTimes(1);
});

it('follows nothing when no link was tapped', () => {
  holdLinksUntilHydrated();
  const navigate = vi.fn();
  followHeldLink(navigate);
  expect(navigate).not.toHaveBeenCalled();
});

it('leaves the browser what is not a navigation within the app', () => {
  holdLinksUntilHydrated();
  const cases: [string, HTMLAnchorElement, MouseEventInit?][] = [
    ['another site', link('https://example.com/')],
    ['a new tab', link('/about', { target: '_blank' })],
    ['a download', link('/api/files/1', { download: '' })],
    ['the skip link, to a place in this page', link('#content')],
    ['a click with Ctrl', link('/about'), { ctrlKey: true }],
    ['a click with Shift', link('/about'), { shiftKey: true }],
    ['the middle button', link('/about'), { button: 1 }],
  ];
  for (const [, anchor, init] of cases) click(anchor, init);
  expect(reactSaw).toHaveLength(cases.length);
  const navigate = vi.fn();
  followHeldLink(navigate);
  expect(navigate).not.toHaveBeenCalled();
});

it('holds a tap on what is inside a link (its icon, its text)', () => {
  holdLinksUntilHydrated();
  const icon = document.createElement('span');
  link('/about').append(icon);
  expect(click(icon)).toBe(false);
  expect(reactSaw).toEqual([]);
  const navigate = vi.fn();
  followHeldLink(navigate);
  expect(navigate).toHaveBeenCalledWith('/about');
});

it('holds a tap on a link to this very page too: following it is a navigation of the router', () => {
  holdLinksUntilHydrated();
  expect(click(link('/join'))).toBe(false);
  const navigate = vi.fn();
  followHeldLink(navigate);
  expect(navigate).toHaveBeenCalledWith('/join');
});

it('lets the browser follow a held link when the page is not hydrated in time', () => {
  vi.useFakeTimers();
  try {
    const pageLoad = vi.fn();
    holdLinksUntilHydrated(document.documentElement, pageLoad);
    expect(click(link('/about'))).toBe(false);
    vi.advanceTimersByTime(MAX_HOLD_MS - 1);
    expect(pageLoad).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(pageLoad).toHaveBeenCalledWith('/about');
    // Holding has stopped: the links are React's (here, its stand-in's) again.
    click(link('/sign-in'));
    expect(reactSaw).toEqual(['/sign-in']);
    // A hydration that ends later follows nothing more.
    const navigate = vi.fn();
    followHeldLink(navigate);
    expect(navigate).not.toHaveBeenCalled();
  } finally {
    vi.useRealTimers();
  }
});

it('follows nothing and stops its timer when the page is hydrated in time', () => {
  vi.useFakeTimers();
  try {
    const pageLoad = vi.fn();
    holdLinksUntilHydrated(document.documentElement, pageLoad);
    followHeldLink(vi.fn());
    vi.advanceTimersByTime(MAX_HOLD_MS * 2);
    expect(pageLoad).not.toHaveBeenCalled();
  } finally {
    vi.useRealTimers();
  }
});
