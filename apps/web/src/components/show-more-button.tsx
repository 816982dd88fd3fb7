import type { ReactNode } from 'react';
import { Button } from './button.tsx';

/**
 * "Show more" under a list paged by `next_cursor` (a TanStack infinite query): nothing when
 * there is no next page, busy while it loads.
 */
export function ShowMoreButton({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  children,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  children: ReactNode;
}) {
  if (!hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button variant="secondary" isBusy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
        {children}
      </Button>
    </div>
  );
}
