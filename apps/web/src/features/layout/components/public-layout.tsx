import { Suspense, useEffect } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { followHeldLink } from '../../../lib/links-before-hydration.ts';
import { useThisYear } from '../../../lib/this-year.ts';
import { PageErrorBoundary } from '../../../components/page-error-boundary.tsx';
import { Spinner } from '../../../components/states.tsx';
import { Logo } from '../../../components/logo.tsx';
import { SkipLink } from '../../../components/skip-link.tsx';
import { LanguageSelect } from '../../../components/language-select.tsx';

export function PublicLayout() {
  const i18n = useTexts();
  const thisYear = useThisYear();
  const navigate = useNavigate();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-lg px-1 py-2 text-sm font-medium min-[360px]:px-2 min-[360px]:text-base sm:px-3 ${isActive ? 'text-brand-700 underline underline-offset-4' : 'text-slate-700 hover:text-brand-700'}`;
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <SkipLink>{i18n._('layout.skip')}</SkipLink>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        {/* On a phone two rows at most, in every language: the mark, Join and the language,
            then the links on a row of their own (Malayalam's and Arabic's took three). */}
        <div className="mx-auto grid max-w-6xl grid-cols-[auto_1fr_auto_auto] items-center gap-x-1.5 px-4 py-2 min-[360px]:gap-x-2 sm:flex sm:flex-wrap sm:justify-between">
          <Link
            to="/"
            aria-label="Jamiya"
            className="flex items-center gap-2 text-xl font-extrabold text-brand-800"
          >
            <Logo size={32} />
            <span className="hidden sm:inline" aria-hidden>
              Jamiya
            </span>
          </Link>
          <nav
            aria-label={i18n._('layout.nav.main')}
            className="col-span-full row-start-2 -mx-1 flex flex-wrap items-center gap-x-0.5 sm:mx-0 sm:ms-auto sm:gap-1"
          >
            <NavLink to="/" end className={linkClass}>
              {i18n._('layout.nav.home')}
            </NavLink>
            <NavLink to="/about" className={linkClass}>
              {i18n._('layout.nav.about')}
            </NavLink>
            <NavLink to="/sign-in" className={linkClass}>
              {i18n._('layout.nav.login')}
            </NavLink>
          </nav>
          <Link
            to="/join"
            className="col-start-3 row-start-1 rounded-lg bg-brand-700 px-2.5 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-brand-800 min-[360px]:px-3 min-[360px]:text-base sm:px-4"
          >
            {i18n._('layout.nav.join')}
          </Link>
          {/* At 320 px the menu's name shows whole (issue 50: "മലയാളം" was cut to "മലയാള"): the
              menu and the gaps are narrower there instead. */}
          <LanguageSelect className="col-start-4 row-start-1" />
        </div>
      </header>
      {/* At least a screen tall, so the footer stays below the fold while a page loads and when
          it shows (it moved into view under a short page: a layout shift). */}
      <main id="content" className="min-h-dvh flex-1">
        <PageErrorBoundary
          // After the commit that shows the error, when the router's navigate works.
          onError={() => setTimeout(() => followHeldLink(navigate))}
        >
          <Suspense fallback={<PageLoading />}>
            <Outlet />
            <PageHydrated />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between">
          <p className="font-semibold text-brand-800">{i18n._('layout.footer.tagline')}</p>
          <nav aria-label={i18n._('layout.footer.links')} className="flex gap-4">
            <Link to="/about" className="underline underline-offset-2">
              {i18n._('layout.nav.about')}
            </Link>
            <Link to="/join" className="underline underline-offset-2">
              {i18n._('layout.nav.join')}
            </Link>
            <Link to="/sign-in" className="underline underline-offset-2">
              {i18n._('layout.nav.login')}
            </Link>
          </nav>
          <p>{i18n._('layout.footer.rights', { year: thisYear })}</p>
        </div>
      </footer>
    </div>
  );
}

/**
 * Beside the page, in its Suspense boundary, so that its effect runs once the page itself has
 * been hydrated (or rendered): a link tapped before then is followed now
 * (lib/links-before-hydration.ts).
 */
function PageHydrated() {
  const navigate = useNavigate();
  useEffect(() => followHeldLink(navigate), [navigate]);
  return null;
}

/**
 * While a page's code loads (a first visit straight to /sign-in, say), the header stays and
 * the page's place keeps the footer below the fold, so nothing moves when the page arrives;
 * the spinner shows only if the wait is long enough to notice.
 */
function PageLoading() {
  return (
    <div className="animate-appear-late">
      <Spinner />
    </div>
  );
}
