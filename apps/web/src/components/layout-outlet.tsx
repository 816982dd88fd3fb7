import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageErrorBoundary } from './page-error-boundary.tsx';
import { Spinner } from './states.tsx';

/**
 * The page of a signed-in layout. A page loading after its error, or shown again after one
 * elsewhere, waits here, inside the layout (a navigation keeps the page before it until the
 * next comes).
 */
export function LayoutOutlet() {
  return (
    <PageErrorBoundary>
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </PageErrorBoundary>
  );
}
