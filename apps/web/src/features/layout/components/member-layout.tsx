import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { useAfterPagePaint } from '../../../lib/use-after-page-paint.ts';
import { useTexts } from '../../../lib/i18n.tsx';
import { Link, NavLink, useLocation } from 'react-router';
import { useAccountData } from '../../../api/get-account-data.ts';
import { useProfile } from '../../../api/get-profile.ts';
import { i18n } from '../../../lib/i18n.tsx';
import { chooseLanguage, keptLanguage, type Language } from '../../../lib/languages.ts';
import { Avatar } from '../../../components/avatar.tsx';
import { LayoutOutlet } from '../../../components/layout-outlet.tsx';
import {
  ApplyIcon,
  CalendarIcon,
  DashboardIcon,
  HomeIcon,
  LoanIcon,
  UserIcon,
} from '../../../components/icons.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { OfflineBanner, UpdateBanner } from './app-banners.tsx';
import { ProfileDropdown } from './profile-dropdown.tsx';
import { GuaranteeIcon } from './menu-entries.ts';
import { Logo } from '../../../components/logo.tsx';
import { SkipLink } from '../../../components/skip-link.tsx';

const SIDE_NAV = [
  { text: /*i18n*/ 'layout.nav.home', to: '/user', Icon: HomeIcon, end: true },
  {
    text: /*i18n*/ 'layout.nav.monthlyPay',
    to: '/user/monthly-pay',
    Icon: CalendarIcon,
    end: false,
  },
  { text: /*i18n*/ 'layout.nav.applyLoan', to: '/user/apply-loan', Icon: ApplyIcon, end: false },
  { text: /*i18n*/ 'layout.nav.myLoan', to: '/user/my-loan', Icon: LoanIcon, end: false },
  {
    text: /*i18n*/ 'layout.nav.guarantees',
    to: '/user/guarantees',
    Icon: GuaranteeIcon,
    end: false,
  },
  { text: /*i18n*/ 'layout.nav.dashboard', to: '/user/dashboard', Icon: DashboardIcon, end: false },
] as const;

// Only for a member whose membership has ended, with its texts; none for a failed load (the
// notice is not worth an error page).
const ReadOnlyNotice = lazy<ComponentType<{ leftOn: string }>>(() =>
  Promise.all([import('./read-only-notice.tsx'), i18n.loadNamespaces('leaving')]).then(
    ([notice]) => notice,
    () => ({ default: () => null }),
  ),
);

/** The shared layout of the member area (docs/product.md 10.2). */
export function MemberLayout() {
  const i18n = useTexts();
  const { pathname } = useLocation();
  const isProfileMenu = pathname === '/user/profile';
  const user = useProfile().data?.userData;
  useSendWaitingPayments(user?.id);

  return (
    <div className="min-h-dvh bg-slate-50 md:flex">
      <SkipLink>{i18n._('layout.skip')}</SkipLink>
      <aside className="sticky top-0 hidden h-dvh w-60 shrink-0 flex-col border-e border-slate-200 bg-white md:flex">
        <Link
          to="/user"
          className="flex items-center gap-2 px-5 py-4 text-xl font-extrabold text-brand-800"
        >
          <Logo size={32} />
          Jamiya
        </Link>
        <nav aria-label={i18n._('layout.nav.member')} className="flex flex-col gap-1 px-3">
          {SIDE_NAV.map(({ text, to, Icon, end }) => (
            <NavLink
              key={to}
              to={to}
              end={end}
              className={({ isActive }) =>
                `flex min-h-11 items-center gap-3 rounded-lg px-3 font-medium ${isActive ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-brand-50'}`
              }
            >
              <Icon className="size-5" />
              {i18n._(text)}
            </NavLink>
          ))}
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col pb-24 md:pb-0">
        {!isProfileMenu && <MemberHeader />}
        <UpdateBanner />
        <OfflineBanner />
        {user?.left_on && (
          <Suspense fallback={null}>
            <ReadOnlyNotice leftOn={user.left_on} />
          </Suspense>
        )}
        <main id="content" className="mx-auto w-full max-w-5xl flex-1 px-4 py-4 md:px-8 md:py-6">
          <LayoutOutlet />
        </main>
      </div>
      <BottomBar />
    </div>
  );
}

/**
 * A member signing in on a device where no language was chosen reads the app in the one kept
 * on his profile (chosen on another phone, say). The profile says English until a choice, so
 * English there leaves the browser's language.
 */
function useProfileLanguage(language: Language | undefined) {
  useEffect(() => {
    if (!language || language === 'en' || keptLanguage() || language === i18n.language) return;
    void chooseLanguage(language);
  }, [language]);
}

function MemberHeader() {
  const i18n = useTexts();
  const account = useAccountData();
  const profile = useProfile();
  const name = account.data?.account_holder_name ?? profile.data?.userData.name;
  const uniqueId = account.data?.owner_data.unique_id ?? profile.data?.userData.unique_id ?? '';
  const image = profile.data?.userData.image ?? null;
  useProfileLanguage(profile.data?.userData.language);
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <div className="flex items-center justify-between gap-3 px-4 py-2 md:px-8">
        <Link
          to="/user"
          className="flex items-center gap-2 text-lg font-extrabold text-brand-800 md:hidden"
        >
          <Logo size={28} />
          Jamiya
        </Link>
        <div className="hidden md:block" />
        <div className="flex items-center gap-2">
          <NotificationBell />
          {name ? (
            <>
              <div className="flex items-center gap-2 md:hidden">
                {/* Named by hidden text, not aria-label: a label must contain the visible
                    initials (WCAG 2.5.3), and these are only a picture of the name. */}
                <Link
                  to="/user/profile"
                  className="rounded-full focus-visible:outline-2 focus-visible:outline-brand-700"
                >
                  <Avatar name={name} image={image} size={36} />
                  <span className="sr-only">{i18n._('layout.menu.profile')}</span>
                </Link>
                <Link
                  to="/user/profile"
                  aria-label={i18n._('layout.menu.profile')}
                  className="grid size-11 place-items-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
                >
                  <UserIcon className="size-6" />
                </Link>
              </div>
              <div className="hidden md:block">
                <ProfileDropdown name={name} uniqueId={uniqueId} image={image} />
              </div>
            </>
          ) : (
            // The size of what comes: the avatar and profile links, the profile menu from md.
            <span
              className="h-9 w-36 animate-pulse-late rounded-full bg-slate-200 md:h-11.5 md:w-44"
              aria-hidden
            />
          )}
        </div>
      </div>
    </header>
  );
}

// Each label on one line within its quarter of the bar: two lines ran the centre label out of
// the bar and into its neighbours at 320 px (Malayalam's "എന്റെ വായ്പ"): a smaller size there,
// and the centre, under its button, a little wider.
const LABEL = 'text-[11px] leading-tight whitespace-nowrap min-[360px]:text-xs';

function BottomBar() {
  const i18n = useTexts();
  const { pathname } = useLocation();
  // The mobile bar highlights by exact path (docs/product.md 10.2).
  const item = (to: string, text: string, Icon: typeof HomeIcon) => {
    const isActive = pathname === to;
    return (
      <Link
        to={to}
        aria-current={isActive ? 'page' : undefined}
        className={`flex min-h-14 min-w-0 flex-1 flex-col items-center justify-center gap-0.5 text-center font-medium ${LABEL} ${isActive ? 'text-brand-700' : 'text-slate-600'}`}
      >
        <Icon className="size-6" />
        {i18n._(text)}
      </Link>
    );
  };
  const isLoanActive = pathname === '/user/my-loan';
  return (
    <nav
      aria-label={i18n._('layout.nav.memberShortcuts')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white md:hidden"
    >
      <div className="mx-auto flex max-w-lg items-end gap-0.5 px-1 pb-[env(safe-area-inset-bottom)] min-[360px]:gap-1 min-[360px]:px-2">
        {item('/user', /*i18n*/ 'layout.nav.home', HomeIcon)}
        {item('/user/monthly-pay', /*i18n*/ 'layout.nav.monthlyPayShort', CalendarIcon)}
        <Link
          to="/user/my-loan"
          aria-current={isLoanActive ? 'page' : undefined}
          className={`flex min-w-0 flex-[1.15] flex-col items-center gap-0.5 text-center font-medium ${LABEL}`}
        >
          <span
            className={`-mt-6 grid size-14 place-items-center rounded-2xl text-white shadow-lg ring-4 ring-white ${isLoanActive ? 'bg-brand-900' : 'bg-brand-700'}`}
          >
            <LoanIcon className="size-7" />
          </span>
          <span className={`pb-1 ${isLoanActive ? 'text-brand-700' : 'text-slate-600'}`}>
            {i18n._('layout.nav.myLoan')}
          </span>
        </Link>
        {item('/user/dashboard', /*i18n*/ 'layout.nav.dashboard', DashboardIcon)}
      </div>
    </nav>
  );
}

/**
 * Sends the payments made without a network that wait on this phone (lib/outbox.ts) once the
 * member area has painted, and whenever the network comes back. Their code comes then, not
 * with every member page.
 */
export function useSendWaitingPayments(accountId: number | undefined): void {
  const queryClient = useQueryClient();
  const hasPagePainted = useAfterPagePaint();
  useEffect(() => {
    if (accountId === undefined || !hasPagePainted) return;
    const send = () =>
      void import('../../../api/waiting-payments.ts')
        .then(({ sendWaiting }) => sendWaiting(queryClient))
        .catch(() => undefined);
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [accountId, hasPagePainted, queryClient]);
}
