import {
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { ErrorState, Spinner } from './states.tsx';

// What a page shows only once there is something to show (what an import answered, a
// statement's matches) comes with its own code, after the page itself, which then waits for
// less (the route's budget, docs/boot.md). The page preloads it once it has painted.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- components of any props
type Components = Record<string, ComponentType<any>>;
type Parts<P extends Components> = { [K in keyof P]: LazyExoticComponent<P[K]> };

/** A page's later parts: `preloadLaterParts()` once it has painted, `<LaterPart>` to show them. */
export function laterParts<P extends Components>(loaders: {
  [K in keyof P]: () => Promise<{ default: P[K] }>;
}) {
  // React keeps a lazy component's failure for good: "Try again" makes new ones, which load anew.
  const newParts = () =>
    Object.fromEntries(
      Object.entries(loaders).map(([name, load]) => [name, lazy(load)]),
    ) as Parts<P>;

  /** Starts loading the later parts' code; a failure is met again when a part is shown. */
  function preloadLaterParts(): void {
    for (const load of Object.values(loaders)) load().catch(() => undefined);
  }

  /** Shows `children` with the parts, a spinner while their code comes, an error with a retry. */
  function LaterPart({ children }: { children: (parts: Parts<P>) => ReactNode }) {
    const [parts, setParts] = useState(newParts);
    return (
      <ErrorBoundary
        fallbackRender={({ resetErrorBoundary }) => <ErrorState onRetry={resetErrorBoundary} />}
        onReset={() => setParts(newParts())}
      >
        <Suspense fallback={<Spinner />}>{children(parts)}</Suspense>
      </ErrorBoundary>
    );
  }

  return { preloadLaterParts, LaterPart };
}
