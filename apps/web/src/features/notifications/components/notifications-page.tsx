import { useTranslation } from '../../../lib/i18n.tsx';
import { useNotifications } from '../../../api/get-notifications.ts';
import { Button } from '../../../components/button.tsx';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { errorMessage, toastError, toastSuccess } from '../../../lib/messages.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';
import { NotificationItem } from './notification-item.tsx';

/** /user/notifications: what happened on the member's account, newest first. */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const list = useNotifications();
  const markOne = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = list.data?.pages.at(-1)?.unread ?? 0;

  const onRead = (id: number) => markOne.mutate(id, { onError: toastError });
  const onReadAll = () =>
    markAll.mutate(undefined, {
      onSuccess: (res) => toastSuccess(res.message),
      onError: toastError,
    });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
          <p className="text-slate-700">{t('intro')}</p>
        </div>
        {items.length > 0 && (
          <div className="flex items-center gap-3">
            <p className="text-sm font-medium text-slate-700" aria-live="polite">
              {unread > 0 ? t('unreadSummary', { count: unread }) : t('allRead')}
            </p>
            <Button
              variant="secondary"
              onClick={onReadAll}
              isBusy={markAll.isPending}
              disabled={unread === 0}
            >
              {t('markAll')}
            </Button>
          </div>
        )}
      </div>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={t('empty.title')}>
          <p>{t('empty.body')}</p>
        </EmptyState>
      ) : (
        <>
          <ul aria-label={t('listLabel')} className="flex flex-col gap-3">
            {items.map((n) => (
              <NotificationItem
                key={n.id}
                notification={n}
                onRead={onRead}
                isMarking={markOne.isPending && markOne.variables === n.id}
              />
            ))}
          </ul>
          <ShowMoreButton
            hasNextPage={list.hasNextPage}
            isFetchingNextPage={list.isFetchingNextPage}
            fetchNextPage={list.fetchNextPage}
          >
            {t('showMore')}
          </ShowMoreButton>
        </>
      )}
    </div>
  );
}
