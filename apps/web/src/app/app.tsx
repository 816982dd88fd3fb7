import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { usePageToastsWanted } from '../lib/page-toasts.ts';
import { AppRoutes } from './router.tsx';

const PageToasts = lazy(async () => ({
  default: (await import('../components/toast-containers.tsx')).PageToasts,
}));

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

/** The page's toasts, from the first toast on (lib/page-toasts.ts). */
function LazyToasts() {
  return usePageToastsWanted() ? (
    <Suspense fallback={null}>
      <PageToasts />
    </Suspense>
  ) : null;
}
