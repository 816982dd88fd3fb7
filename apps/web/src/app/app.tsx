import { useEffect } from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import { loadToastContainers, useToastContainers } from '../lib/toast-containers-loader.ts';
import { useAfterPagePaint } from '../lib/use-after-page-paint.ts';
import { AppRoutes } from './router.tsx';

export function App() {
  return (
    <BrowserRouter>
      <AppContent />
    </BrowserRouter>
  );
}

/** Everything inside the router; the build renders the public pages with it (prerender.tsx). */
export function AppContent() {
  return (
    <>
      <AppRoutes />
      <LazyToasts />
    </>
  );
}

/**
 * The page's toasts: their code comes once the page has painted (nothing on the landing page
 * shows a toast, so there only with the first toast), and then stays, so that a toast shown
 * just before a navigation is not lost.
 */
function LazyToasts() {
  const containers = useToastContainers();
  const isLanding = useLocation().pathname === '/';
  const hasPagePainted = useAfterPagePaint();
  useEffect(() => {
    if (hasPagePainted && !isLanding) void loadToastContainers();
  }, [hasPagePainted, isLanding]);
  return containers ? <containers.PageToasts /> : null;
}
