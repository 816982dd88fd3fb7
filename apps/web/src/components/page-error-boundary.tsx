import { useRef, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation } from 'react-router';
import { retryFailedLoads } from '../lib/failed-loads.ts';
import { ErrorState } from './states.tsx';

/**
 * Where a page that fails to render (its code did not arrive, or a fault) shows an error with
 * "Try again" instead of blanking the app: around the routes, and around each layout's page
 * so that the navigation stays. "Try again" loads anew what failed, its layout showing the
 * page's loading state meanwhile; going to another page clears the error
 * (docs/decisions/013-pages-whose-code-does-not-come.md).
 */
export function PageErrorBoundary({
  children,
  onError,
}: {
  children: ReactNode;
  /** After the error has been shown. */
  onError?: () => void;
}) {
  const { pathname } = useLocation();
  // The "Try again"s pressed on the path where the last one was.
  const tries = useRef({ pathname, count: 0 });
  const countTry = () => {
    const count = tries.current.pathname === pathname ? tries.current.count + 1 : 1;
    tries.current = { pathname, count };
    return count;
  };
  return (
    <ErrorBoundary
      resetKeys={[pathname]}
      onReset={retryFailedLoads}
      onError={onError}
      fallbackRender={({ resetErrorBoundary }) => (
        <div className="mx-auto w-full max-w-lg p-4">
          <ErrorState
            onRetry={() => {
              // Should the page's code fail again, the next try reloads the page: a deploy
              // may have replaced the files, and some browsers keep a failed module download.
              if (countTry() > 1) window.location.reload();
              else resetErrorBoundary();
            }}
          />
        </div>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
