import { useEffect, useId, useRef, useState, type ComponentType, type SVGProps } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { NAV_TEXTS } from '../texts.ts';
import { Link, NavLink, useLocation } from 'react-router';
import { useProfile } from '../../../api/get-profile.ts';
import { useSignOut } from '../../../api/logout.ts';
import { useSettings } from '../../../api/get-settings.ts';
import { DashboardIcon, HomeIcon, LoanIcon } from '../../../components/icons.tsx';
import { useOverview } from '../../../api/get-overview.ts';
import {
  ArrearsIcon,
  BankIcon,
  BookIcon,
  HistoryIcon,
  ImportIcon,
  InboxIcon,
  LeavingIcon,
  MenuIcon,
  ReceiptIcon,
  SettingsIcon,
  SignOutIcon,
  UsersIcon,
} from './nav-icons.tsx';
import { Logo } from '../../../components/logo.tsx';
import { LayoutOutlet } from '../../../components/layout-outlet.tsx';
import { SkipLink } from '../../../components/skip-link.tsx';

interface NavEntry {
  key: string;
  to: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  end?: boolean;
}

const NAV: NavEntry[] = [
  { key: 'overview', to: '/admin', Icon: DashboardIcon, end: true },
  { key: 'payments', to: '/admin/payments', Icon: ReceiptIcon },
  { key: 'bank', to: '/admin/bank', Icon: BankIcon },
  { key: 'loans', to: '/admin/loans', Icon: LoanIcon },
  { key: 'arrears', to: '/admin/arrears', Icon: ArrearsIcon },
  { key: 'members', to: '/admin/members', Icon: UsersIcon },
  { key: 'applications', to: '/admin/applications', Icon: InboxIcon },
  { key: 'exits', to: '/admin/exits', Icon: LeavingIcon },
  { key: 'messages', to: '/admin/messages', Icon: InboxIcon },
  { key: 'recharges', to: '/admin/recharges', Icon: ReceiptIcon },
  { key: 'bonus', to: '/admin/bonus', Icon: BookIcon },
  { key: 'settings', to: '/admin/settings', Icon: SettingsIcon },
  { key: 'import', to: '/admin/import', Icon: ImportIcon },
  { key: 'ledger', to: '/admin/ledger', Icon: BookIcon },
  { key: 'audit', to: '/admin/audit', Icon: HistoryIcon },
];

/** The admin area's own layout (issue 4): header, side menu (a menu button on a phone), page. */
export function AdminLayout() {
  const i18n = useTexts();
  return (
    <div className="min-h-dvh bg-slate-50">
      <SkipLink>{i18n._('admin.layout.skip')}</SkipLink>
      <AdminHeader />
      <div className="md:flex">
        {/* The column's background runs the page's full height; the menu in it stays in view. */}
        <div className="hidden w-60 shrink-0 border-e border-slate-200 bg-white md:block">
          <aside className="sticky top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto py-4">
            <AdminNav />
          </aside>
        </div>
        <main
          id="content"
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl min-w-0 flex-1 px-4 py-4 focus:outline-none md:px-8 md:py-6"
        >
          <LayoutOutlet />
        </main>
      </div>
    </div>
  );
}

function AdminHeader() {
  const i18n = useTexts();
  const { signOut, question } = useSignOut();
  const profile = useProfile();
  const settings = useSettings();
  const name = profile.data?.userData.name;
  const association = settings.data?.association_name ?? 'Jamiya';
  return (
    <header className="sticky top-0 z-30 h-16 border-b border-slate-200 bg-white">
      <div className="flex h-full items-center justify-between gap-3 px-4 md:px-6">
        <div className="flex min-w-0 items-center gap-2">
          <PhoneMenu />
          <Link
            to="/admin"
            className="flex min-w-0 items-center gap-2 rounded-lg focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            <Logo size={28} />
            <span className="truncate text-lg font-extrabold text-brand-800">{association}</span>
            <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white uppercase">
              {i18n._('admin.layout.admin')}
            </span>
          </Link>
        </div>
        <div className="flex shrink-0 items-center gap-1 sm:gap-3">
          {name && (
            <p className="hidden max-w-64 truncate text-sm text-slate-700 sm:block">
              {i18n._('admin.layout.signedInAs', { name })}
            </p>
          )}
          {/* Ends the session, forgets the token and the cache, then the sign-in page. */}
          <button
            type="button"
            onClick={() => void signOut()}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            <SignOutIcon className="size-5" />
            <span className="max-sm:sr-only">{i18n._('admin.layout.signOut')}</span>
          </button>
          {/* Asked first when payments this admin made as a member wait on this device. */}
          {question}
        </div>
      </div>
    </header>
  );
}

function AdminNav() {
  const i18n = useTexts();
  const overview = useOverview();
  const pending = overview.data?.receipts_pending ?? 0;
  // An admin who is a member too (the chair) has a member area of their own.
  const isMember = useProfile().data?.userData.is_member === true;
  return (
    <nav aria-label={i18n._('admin.layout.nav')} className="px-3">
      <ul className="flex flex-col gap-1">
        {NAV.map(({ key, to, Icon, end }) => (
          <li key={key}>
            <NavLink
              to={to}
              end={end ?? false}
              className={({ isActive }) =>
                `flex min-h-11 items-center gap-3 rounded-lg px-3 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${isActive ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-brand-50'}`
              }
            >
              {({ isActive }) => (
                <>
                  <Icon className="size-5 shrink-0" />
                  <span className="flex-1">
                    {i18n._(NAV_TEXTS[key]!)}
                    {key === 'payments' && pending > 0 && (
                      <>
                        {' '}
                        <span className="sr-only">
                          ({i18n._('admin.layout.pendingCount', { count: pending })})
                        </span>
                      </>
                    )}
                  </span>
                  {key === 'payments' && pending > 0 && (
                    <span
                      aria-hidden
                      className={`min-w-6 rounded-full px-1.5 text-center text-xs leading-5 font-bold tabular-nums ${isActive ? 'bg-white text-brand-800' : 'bg-amber-500 text-slate-950'}`}
                    >
                      {pending}
                    </span>
                  )}
                </>
              )}
            </NavLink>
          </li>
        ))}
        {isMember && (
          <li className="mt-2 border-t border-slate-200 pt-2">
            <Link
              to="/user"
              className="flex min-h-11 items-center gap-3 rounded-lg px-3 font-medium text-slate-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              <HomeIcon className="size-5 shrink-0" />
              <span className="flex-1">{i18n._('admin.layout.memberArea')}</span>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** Below md: a Menu button opens the same navigation under the header. */
function PhoneMenu() {
  const i18n = useTexts();
  const [isOpen, setOpen] = useState(false);
  const { pathname } = useLocation();
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // A choice (a new page) closes it.
  const [openedAt, setOpenedAt] = useState(pathname);
  if (isOpen && pathname !== openedAt) {
    setOpen(false);
    setOpenedAt(pathname);
  }

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (e: MouseEvent) => {
      const target = e.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target))
        setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [isOpen]);

  return (
    <div className="md:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={isOpen ? i18n._('admin.layout.closeMenu') : i18n._('admin.layout.openMenu')}
        onClick={() => {
          setOpenedAt(pathname);
          setOpen((o) => !o);
        }}
        className="grid size-11 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <MenuIcon className="size-6" />
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!isOpen}
        className="absolute inset-x-0 top-16 z-40 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white py-3 shadow-lg"
      >
        {isOpen && <AdminNav />}
      </div>
    </div>
  );
}
