import { lazy, Suspense, useState } from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import { AppRoutes } from './router.tsx';

const Toasts = lazy(async () => ({ default: (await import('./toasts.tsx')).Toasts }));

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
 * Nothing on the landing page shows a toast, so the toast library loads with the first other
 * page and then stays, so a toast shown just before a navigation is not lost.
 */
function LazyToasts() {
  const isLanding = useLocation().pathname === '/';
  const [isNeeded, setIsNeeded] = useState(!isLanding);
  if (!isNeeded && !isLanding) setIsNeeded(true);
  return isNeeded ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
