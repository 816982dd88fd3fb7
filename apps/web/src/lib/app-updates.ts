import { Workbox } from 'workbox-window';
import { i18n } from './i18n.tsx';

// The app's service worker (src/sw/service-worker.ts, built as /sw.js), installed from the member
// area once its page has painted: it keeps the member pages' code for a phone without a signal
// (docs/decisions/033-an-installable-app.md, 039-every-member-page-offline.md). The files the
// page loaded before the worker came are kept from the browser's cache; the other member pages'
// files are fetched once the page has been quiet a moment, in the first session too, so that
// every member page opens offline once the member area has been opened once.

type OnUpdate = (apply: () => void) => void;

let workbox: Workbox | null = null;
let apply: (() => void) | null = null;
const listeners = new Set<OnUpdate>();

/**
 * Installs the worker once, and tells `onUpdate` when a new version waits: `apply` lets it take
 * over and reloads the page in it. Answers a function that stops telling.
 */
export function startAppUpdates(onUpdate: OnUpdate): () => void {
  listeners.add(onUpdate);
  if (apply) onUpdate(apply);
  if (!workbox && 'serviceWorker' in navigator && !import.meta.env.DEV) register();
  return () => listeners.delete(onUpdate);
}

function register() {
  const wasInstalled = Boolean(navigator.serviceWorker.controller);
  const wb = new Workbox('/sw.js');
  workbox = wb;
  wb.addEventListener('waiting', () => {
    apply = () => {
      // The new worker takes over (its 'controlling' is not told for a version found by the
      // browser's own check at a page load, so the browser's event is listened to).
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload());
      wb.messageSkipWaiting();
      // Should the old worker hold it back, the page reloads anyway, and offers it again.
      setTimeout(() => window.location.reload(), 5000);
    };
    for (const listener of listeners) listener(apply);
  });
  // Installed just now: what this page loaded before, kept from the browser's cache.
  wb.addEventListener('activated', (event) => {
    if (!event.isUpdate) keep(loadedFiles());
  });
  wb.register()
    .then(async (registration) => {
      if (!registration) return;
      // The browser has checked for a new version at this page's load; its verdict is awaited.
      if (wasInstalled) await registration.update().catch(() => undefined);
      else await wb.active;
      // Not while the member's own pages load: they come first.
      await whenQuiet();
      // Nor while a new version comes: the worker it replaces, busy fetching files it is about
      // to drop, was seen to keep the new one from ever taking over.
      if (!registration.installing && !registration.waiting) void keepMemberPages(i18n.language);
    })
    // No worker (a browser that refuses them, as in private browsing): the app works without.
    .catch(() => undefined);
}

/** How long the page must have loaded nothing before the other member pages' files are fetched. */
const QUIET_MS = 3000;

/**
 * Settles once the phone is online and the page has loaded nothing (code, answers, images) for
 * `QUIET_MS`, and then the browser is idle: after what the member is waiting for.
 */
function whenQuiet(): Promise<void> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new PerformanceObserver(() => wait());
    const done = () => {
      if (!navigator.onLine) return window.addEventListener('online', wait, { once: true });
      observer.disconnect();
      if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 2000 });
      else resolve();
    };
    const wait = () => {
      clearTimeout(timer);
      timer = setTimeout(done, QUIET_MS);
    };
    observer.observe({ type: 'resource' });
    wait();
  });
}

/** The member pages' files in a language, from the build's list; the worker fetches only those it lacks. */
async function keepMemberPages(language: string): Promise<void> {
  const answer = await fetch(`/offline/${language}.json`).catch(() => null);
  if (answer?.ok) keep((await answer.json()) as string[]);
}

function keep(urls: string[]) {
  // Workbox's router caches each URL as its route does (CacheFirst for the hashed files).
  void workbox?.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: urls } });
}

function loadedFiles(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
}
