import { useEffect, useRef, useState } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useNotifications, type Notification } from '../../../api/get-notifications.ts';
import { Button } from '../../../components/button.tsx';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { errorMessage, toastError, toastSuccess } from '../../../lib/messages.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.ts';
import { useMarkShownRead } from '../api/mark-shown-read.ts';
import { NotificationItem } from './notification-item.tsx';

/**
 * /user/notifications: what happened on the member's account, newest first. What it shows is
 * read once shown (the next page's too, when the member shows more); the ones unread until then
 * stay marked new while the page is open.
 */
export function NotificationsPage() {
  const i18n = useTexts();
  const list = useNotifications();
  const markAll = useMarkAllNotificationsRead();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = list.data?.pages.at(-1)?.unread ?? 0;
  const newIds = useReadAsShown(items);

  const onReadAll = () =>
    markAll.mutate(undefined, {
      onSuccess: (res) => toastSuccess(res.message),
      onError: toastError,
    });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <PageTitle>{i18n._('notifications.title')}</PageTitle>
          <h1 className="text-2xl font-bold text-slate-900">{i18n._('notifications.title')}</h1>
          <p className="text-slate-700">{i18n._('notifications.intro')}</p>
        </div>
        {items.length > 0 && (
          <div className="flex items-center gap-3">
            <p className="text-sm font-medium text-slate-700" aria-live="polite">
              {unread > 0
                ? i18n._('notifications.unreadSummary', { count: unread })
                : i18n._('notifications.allRead')}
            </p>
            <Button
              variant="secondary"
              onClick={onReadAll}
              isBusy={markAll.isPending}
              disabled={unread === 0}
            >
              {i18n._('notifications.markAll')}
            </Button>
          </div>
        )}
      </div>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={i18n._('notifications.empty.title')}>
          <p>{i18n._('notifications.empty.body')}</p>
        </EmptyState>
      ) : (
        <>
          <ul aria-label={i18n._('notifications.listLabel')} className="flex flex-col gap-3">
            {items.map((n) => (
              <NotificationItem key={n.id} notification={n} isNew={newIds.has(n.id)} />
            ))}
          </ul>
          <ShowMoreButton
            hasNextPage={list.hasNextPage}
            isFetchingNextPage={list.isFetchingNextPage}
            fetchNextPage={list.fetchNextPage}
          >
            {i18n._('notifications.showMore')}
          </ShowMoreButton>
        </>
      )}
    </div>
  );
}

/** Marks read the unread ones of `items`, once each; answers the ones it marked (new to the reader). */
function useReadAsShown(items: readonly Notification[]): ReadonlySet<number> {
  const { mutate: markShownRead } = useMarkShownRead();
  const [newIds, setNewIds] = useState<ReadonlySet<number>>(() => new Set());
  const fresh = items.filter((n) => !n.read && !newIds.has(n.id));
  // Kept while rendering, not in an effect: the same render shows them as new.
  if (fresh.length > 0) setNewIds(new Set([...newIds, ...fresh.map((n) => n.id)]));
  const sent = useRef(new Set<number>());
  useEffect(() => {
    const ids = [...newIds].filter((id) => !sent.current.has(id));
    for (const id of ids) sent.current.add(id);
    // At most 100 a call; a failure leaves them unread for the next visit, and tells no one.
    for (let at = 0; at < ids.length; at += 100) markShownRead(ids.slice(at, at + 100));
  }, [newIds, markShownRead]);
  return newIds;
}
