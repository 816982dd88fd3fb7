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
  for (const src of boot.dataset.first?.split(' ').filter(Boolean) ?? []) {
    const first = document.createElement('script');
    first.type = 'module';
    first.async = true;
    first.crossOrigin = '';
    first.src = src;
    document.head.append(first);
  }
  for (const href of boot.dataset.preload?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const app = document.createElement('script');
  app.type = 'module';
  app.crossOrigin = '';
  app.src = boot.dataset.app;
  document.head.append(app);
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
