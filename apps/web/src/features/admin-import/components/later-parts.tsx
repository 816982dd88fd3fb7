import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { ErrorState, Spinner } from '../../../components/states.tsx';

// What the page shows only once something has happened (a file checked, an import applied or
// waiting for a second admin) comes with its own code, after the page itself: the template and
// the form, which are what the treasurer opens the page for, wait for less (the route's budget,
// docs/boot.md). The page asks for it once it has painted; a check asks for it again, in case.

const loaders = {
  DryRunResult: () => import('./dry-run-result.tsx').then((m) => ({ default: m.DryRunResult })),
  AppliedPanel: () => import('./applied-panel.tsx').then((m) => ({ default: m.AppliedPanel })),
  WaitingImport: () => import('./waiting-import.tsx').then((m) => ({ default: m.WaitingImport })),
};

/** Starts loading the later parts' code; a failure is met again when a part is shown. */
export function preloadLaterParts(): void {
  for (const load of Object.values(loaders)) load().catch(() => undefined);
}

// React keeps a lazy component's failure for good: "Try again" makes new ones, which load anew.
const newParts = () => ({
  DryRunResult: lazy(loaders.DryRunResult),
  AppliedPanel: lazy(loaders.AppliedPanel),
  WaitingImport: lazy(loaders.WaitingImport),
});

export type LaterParts = ReturnType<typeof newParts>;

/** Shows `children` with the later parts, a spinner while their code comes, an error with a retry. */
export function LaterPart({ children }: { children: (parts: LaterParts) => ReactNode }) {
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
