import { useTexts } from '../../../lib/i18n.tsx';
import { Link } from 'react-router';
import type { Notification } from '../../../api/get-notifications.ts';
import { formatDateTime } from '../../../lib/dates.ts';

/** One notification; `isNew` when it was unread as the page showed it (the page reads it). */
export function NotificationItem({
  notification: n,
  isNew,
}: {
  notification: Notification;
  isNew: boolean;
}) {
  const i18n = useTexts();
  return (
    <li
      className={`flex flex-col gap-2 rounded-2xl border border-s-4 p-4 shadow-sm ${
        isNew ? 'border-brand-100 border-s-brand-700 bg-brand-50' : 'border-slate-200 bg-white'
      }`}
    >
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-3">
        <h2 className={`text-base text-slate-900 ${isNew ? 'font-bold' : 'font-medium'}`}>
          {isNew && (
            <span
              className="me-2 inline-block size-2.5 rounded-full bg-brand-700 align-middle"
              aria-hidden
            />
          )}
          {isNew && <span className="sr-only">{i18n._('notifications.new')}: </span>}
          {n.link ? (
            <Link
              to={n.link}
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
          {i18n._('notifications.share')}{' '}
          <span className="sr-only">{i18n._('notifications.shareHint', { title: n.title })}</span>
        </a>
      </div>
    </li>
  );
}
