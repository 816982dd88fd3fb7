import { useTranslation } from '../../../lib/i18n.tsx';
import { Link } from 'react-router';
import type { Notification } from '../../../api/get-notifications.ts';
import { Button } from '../../../components/button.tsx';
import { formatDateTime } from '../../../lib/dates.ts';

/** One notification: opening it (or "Mark as read" when it leads nowhere) marks it read. */
export function NotificationItem({
  notification: n,
  onRead,
  isMarking,
}: {
  notification: Notification;
  onRead: (id: number) => void;
  isMarking: boolean;
}) {
  const { t } = useTranslation('notifications');
  const markRead = () => {
    if (!n.read) onRead(n.id);
  };
  return (
    <li
      className={`flex flex-col gap-2 rounded-2xl border border-s-4 p-4 shadow-sm ${
        n.read ? 'border-slate-200 bg-white' : 'border-brand-100 border-s-brand-700 bg-brand-50'
      }`}
    >
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-3">
        <h2 className={`text-base text-slate-900 ${n.read ? 'font-medium' : 'font-bold'}`}>
          {!n.read && (
            <span
              className="me-2 inline-block size-2.5 rounded-full bg-brand-700 align-middle"
              aria-hidden
            />
          )}
          {!n.read && <span className="sr-only">{t('unread')}: </span>}
          {n.link ? (
            <Link
              to={n.link}
              onClick={markRead}
              className="underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              {n.title}
            </Link>
          ) : (
            n.title
          )}
        </h2>
        <time dateTime={n.created_at} className="shrink-0 text-sm text-slate-600">
          {formatDateTime(n.created_at)}
        </time>
      </div>
      <p className="text-slate-800">{n.body}</p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <a
          href={n.whatsapp_url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {t('share')} <span className="sr-only">{t('shareHint', { title: n.title })}</span>
        </a>
        {!n.read && !n.link && (
          <Button variant="ghost" isBusy={isMarking} onClick={markRead}>
            {t('markRead')} <span className="sr-only">{t('markReadHint', { title: n.title })}</span>
          </Button>
        )}
      </div>
    </li>
  );
}
