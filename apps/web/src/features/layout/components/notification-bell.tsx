import type { SVGProps } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { NavLink } from 'react-router';
import { useUnreadCount } from '../../../api/get-notifications.ts';
import { iconProps } from '../../../components/icons.tsx';
import { useAfterPagePaint } from '../../../lib/use-after-page-paint.ts';

const BellIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...iconProps(p)}>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </svg>
);

/** The header's bell: the unread count (polled, see get-notifications.ts), to the list. */
export function NotificationBell() {
  // The texts live with the notifications feature (its namespace, not an import of it).
  const i18n = useTexts();
  // Asked for once the page has painted: the badge can come a moment after what the page shows.
  const count = useUnreadCount({ enabled: useAfterPagePaint() }).data?.unread ?? 0;
  return (
    <NavLink
      to="/user/notifications"
      aria-label={
        count > 0
          ? i18n._('notifications.bell.label', { count })
          : i18n._('notifications.bell.none')
      }
      className="relative grid size-11 place-items-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <BellIcon className="size-6" />
      {count > 0 && (
        <span
          aria-hidden
          className="absolute end-0.5 top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-red-700 px-1 text-xs leading-none font-bold text-white tabular-nums"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </NavLink>
  );
}
