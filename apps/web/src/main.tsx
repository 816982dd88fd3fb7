// First, so that a member page's first requests start before the rest is evaluated.
import { earlyRequests } from './early.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles.css';
import i18n from './app/i18n.ts';
import { App, preloadRoute } from './app/app.tsx';
import { holdLinksUntilHydrated } from './lib/links-before-hydration.ts';
import { getToken } from './lib/session-store.ts';
import { chooseLanguage, keptLanguage, pageLanguage } from './lib/languages.ts';

const MAX_WAIT_FOR_DATA_MS = 1500;

const { pathname } = window.location;
// In a task of its own, after the entry's evaluation: matching the path against the route table
// takes the main thread 10 to 20 ms the first time (React Router compiles each route's
// pattern), on top of an evaluation that is long already. The route's files are on their way
// from the page's HTML, so starting their lazy loads a task later delays nothing.
// The page's texts in the language its HTML was drawn in (the server chose it: the kept choice's
// cookie, else the browser's languages), beside the route's code.
const language = pageLanguage();
const isRouteLoaded = Promise.all([
  language === 'en' || i18n.changeLanguage(language),
  new Promise((resolve) => setTimeout(resolve)).then(() => preloadRoute(pathname)),
]);
// A choice kept on this device whose cookie was lost: shown once the page is up, and the
// cookie set again for the next page's first byte.
const kept = keptLanguage();
if (kept && kept !== language) {
  void isRouteLoaded.then(() => chooseLanguage(kept));
}

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The HTML of each route comes from the build (scripts/prerender.mjs), and says how to start.
if (container.dataset.start === 'hydrate') {
  // A public page, drawn by the build and already on the screen: hydrated once its code is
  // here, in a transition, so that React does the work in slices and the page answers input
  // meanwhile. A link tapped while it hydrates is followed once the page is hydrated; before,
  // a tap is the browser's, a page load.
  void isRouteLoaded.then(() => {
    holdLinksUntilHydrated();
    startTransition(() => void hydrateRoot(container, app));
  });
} else if (container.dataset.start === 'when-ready') {
  // A signed-in page: its HTML shows the page as it looks before its data (a member page), or
  // the session check's spinner, while the page's code and its first data (early.ts) come; then
  // the app renders once, whole, in slices, in place of it. A slow answer holds it back a moment
  // at most, and the page then shows its own loading state; the session check's answer is
  // waited for, as the app would show its spinner in place of the page's drawing until then.
  const requests = getToken() ? earlyRequests() : [];
  const data = requests.length
    ? import('./app/member-data.ts').then(({ loadMemberData }) => loadMemberData(requests))
    : null;
  const atMost = new Promise((resolve) => setTimeout(resolve, MAX_WAIT_FOR_DATA_MS));
  void Promise.all([
    isRouteLoaded,
    data?.then((d) => d.isSessionChecked),
    Promise.race([data?.then((d) => d.isLoaded), atMost]),
  ])
    // Without the data's code (a lost download), the app renders and asks for it again.
    .catch(() => undefined)
    .then(() => startTransition(() => createRoot(container).render(app)));
} else {
  createRoot(container).render(app);
}
