// The only script of a page the build has drawn ahead of time (scripts/prerender.mjs): the
// page is on the screen as soon as its HTML and stylesheet are, so the app's code (the entry
// and what the route loads, named on this script's data-app and data-preload) is asked for
// after that first paint and does not compete with the stylesheet for the network. The app
// then hydrates the page, or renders in its place (main.tsx). A script named on data-first
// (a member page's first requests, early.ts) is asked for at the same moment and runs as soon
// as it arrives, before the app. A hidden tab paints nothing, so it loads at once.

const boot = document.querySelector<HTMLScriptElement>('script[data-app]');

function loadApp() {
  if (!boot?.dataset.app) return;
  const list = (names?: string) => names?.split(' ').filter(Boolean) ?? [];
  for (const src of list(boot.dataset.first)) add(script(src));
  for (const href of list(boot.dataset.preload)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    add(link);
  }
  add(script(boot.dataset.app));
}

/** Added by a script, it runs as soon as it has arrived (with its imports, for a module). */
function script(src: string): HTMLScriptElement {
  const element = document.createElement('script');
  element.type = 'module';
  element.crossOrigin = '';
  element.src = src;
  return element;
}

/**
 * Each in a task of its own, in order: adding one starts its download, a few milliseconds of
 * the main thread, and a dozen together made one task long enough to hold up a tap.
 */
function add(element: HTMLElement) {
  setTimeout(() => document.head.append(element));
}

let isLoading = false;
function loadOnce() {
  if (isLoading) return;
  isLoading = true;
  loadApp();
}

if (document.visibilityState === 'hidden') loadOnce();
else {
  // Once the browser reports the first contentful paint (a frame can be painted without the
  // page's content, while the stylesheet is still on its way); at most a second after the
  // next frame, should it never report one.
  if (globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length) {
        observer.disconnect();
        setTimeout(loadOnce);
      }
    }).observe({ type: 'paint', buffered: true });
    requestAnimationFrame(() => setTimeout(loadOnce, 1000));
  } else {
    // A frame callback runs just before the paint; a task queued from it runs after.
    requestAnimationFrame(() => setTimeout(loadOnce));
  }
}
