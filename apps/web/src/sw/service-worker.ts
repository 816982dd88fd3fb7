/// <reference lib="webworker" />
// The member's phone keeps the app's code and the member pages, so that they open without a
// signal (docs/decisions/033-an-installable-app.md). API answers never come from here: the
// figures a member reads offline are the app's own kept copy (lib/kept-figures.ts), shown as such.
import { clientsClaim } from 'workbox-core';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;
/** The build's id (scripts/service-worker.mjs): a new build is a new worker, with caches of its own. */
declare const BUILD: string;

const ASSETS = `jamiya-assets-${BUILD}`;
const PAGES = `jamiya-pages-${BUILD}`;
/** The app's page that draws any route (the server's index.html), for a member page never opened here. */
const SHELL = '/app-shell';
// Cookie and Accept-Language choose a page's language: whichever was kept will do, as the app
// switches to the member's language when it starts.
const matchOptions = { ignoreVary: true };

const isOwn = (url: URL) => url.origin === self.location.origin;
const isMemberPage = (url: URL) => url.pathname === '/user' || url.pathname.startsWith('/user/');

// A hashed file never changes: once here, it is taken from here.
registerRoute(
  ({ url }) => isOwn(url) && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: ASSETS, matchOptions }),
);
// A member page from the network while there is one (a new version's page names its new
// files), the last one kept when there is none or it is too slow.
registerRoute(
  ({ url, request }) => request.mode === 'navigate' && isOwn(url) && isMemberPage(url),
  new NetworkFirst({ cacheName: PAGES, networkTimeoutSeconds: 4, matchOptions }),
);
setCatchHandler(async ({ request }) => {
  const shell = request.mode === 'navigate' && (await caches.match(SHELL, { cacheName: PAGES }));
  return shell || Response.error();
});

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(PAGES).then((cache) => cache.add(SHELL)));
});
// An earlier build's caches go with it.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('jamiya-') && name !== ASSETS && name !== PAGES)
            .map((name) => caches.delete(name)),
        ),
      ),
  );
});
// "Update available", tapped (lib/app-updates.ts): the new worker takes over and the page reloads.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING')
    event.waitUntil(self.skipWaiting());
});
clientsClaim();
