import { BrowserRouter } from 'react-router';
import { useToastContainers } from '../lib/toast-containers-loader.ts';
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
 * The page's toasts: their code, the library's and its stylesheet (8.6 KB) come with the first
 * toast or the first modal (lib/toast-containers-loader.ts), not with every page: a member's
 * first session shows none. Then they stay, so that a toast shown just before a navigation is
 * not lost; the service worker keeps them with the member pages' code for offline use.
 */
function LazyToasts() {
  const containers = useToastContainers();
  return containers ? <containers.PageToasts /> : null;
}
