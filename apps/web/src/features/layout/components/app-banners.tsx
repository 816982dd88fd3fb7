import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useAccountData } from '../../../api/get-account-data.ts';
import { Button } from '../../../components/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useTexts } from '../../../lib/i18n.tsx';
import { useAfterPagePaint } from '../../../lib/use-after-page-paint.ts';
import { useIsOnline } from '../../../lib/use-is-online.ts';

/**
 * Without a network the member reads the figures kept on the phone (lib/kept-figures.ts): said
 * plainly, with the time they are from, the oldest on the screen (each answer was kept when it
 * came: the page's own may be older than the header's). So too when the phone says it is online
 * but the calls get no answer (a signal too weak to carry them).
 */
export function OfflineBanner() {
  const i18n = useTexts();
  const isOnline = useIsOnline();
  const account = useAccountData();
  const isUnanswered = account.error instanceof ApiError && account.error.status === 0;
  const figuresAt = useOldestFiguresShown();
  if (isOnline && !isUnanswered) return null;
  return (
    <p role="status" className="bg-amber-100 px-4 py-2 text-sm font-medium text-amber-950 md:px-8">
      {figuresAt
        ? i18n._('layout.offline.figuresAsOf', {
            at: formatDateTime(new Date(figuresAt).toISOString()),
          })
        : i18n._('layout.offline.noFigures')}
    </p>
  );
}

/** When the oldest answer on the screen came (the queries the page shows, with their data), or 0 for none. */
function useOldestFiguresShown(): number {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  return useSyncExternalStore(
    subscribe,
    () => {
      const times = cache
        .findAll({ type: 'active' })
        .filter((query) => query.state.data !== undefined)
        .map((query) => query.state.dataUpdatedAt);
      return times.length ? Math.min(...times) : 0;
    },
    () => 0,
  );
}

/**
 * The app installs itself from the member area once the page has painted (lib/app-updates.ts);
 * a new version then waits for the member to tap "Update", which reloads the page in it.
 */
export function UpdateBanner() {
  const i18n = useTexts();
  const hasPagePainted = useAfterPagePaint();
  const [update, setUpdate] = useState<(() => void) | null>(null);
  useEffect(() => {
    if (!hasPagePainted) return;
    let stop = () => {};
    let isGone = false;
    void import('../../../lib/app-updates.ts').then(({ startAppUpdates }) => {
      if (!isGone) stop = startAppUpdates((apply) => setUpdate(() => apply));
    });
    return () => {
      isGone = true;
      stop();
    };
  }, [hasPagePainted]);
  if (!update) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 bg-brand-50 px-4 py-2 text-sm font-medium text-brand-900 md:px-8"
    >
      {i18n._('layout.update.available')}
      <Button variant="secondary" className="min-h-9 py-1" onClick={update}>
        {i18n._('layout.update.apply')}
      </Button>
    </div>
  );
}
