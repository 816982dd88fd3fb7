import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation } from 'react-router';
import { retryFailedLoads } from '../lib/failed-loads.ts';
import { ErrorState } from './states.tsx';

/**
 * Where a page that fails to render (its code did not arrive, or a fault) shows an error with
 * "Try again" instead of blanking the app: around the routes, and around each layout's page
 * so that the navigation stays. Trying again, or going to another page, loads anew what failed.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      resetKeys={[pathname]}
      onReset={retryFailedLoads}
      fallbackRender={({ resetErrorBoundary }) => (
        <div className="mx-auto w-full max-w-lg p-4">
          <ErrorState onRetry={resetErrorBoundary} />
        </div>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
