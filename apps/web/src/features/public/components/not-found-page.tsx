import { useTexts } from '../../../lib/i18n.tsx';
import { Link } from 'react-router';
import { LostIllustration } from './illustrations.tsx';
import { primaryLink } from '../../../components/link-styles.ts';
import { useIsHydrated } from '../../../lib/use-is-hydrated.ts';
import { getToken, hasNoMemberArea } from '../../../lib/session-store.ts';

/**
 * Any unknown path (docs/product.md 10.2). It is shown inside the public layout and inside the
 * member area, so it brings its own spacing and needs no layout around it.
 */
export function NotFoundPage() {
  const i18n = useTexts();
  const home = useHomePath();
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col items-center gap-4 px-4 py-10 text-center md:py-16">
      <title>{i18n._('public.notFound.pageTitle')}</title>
      <LostIllustration
        role="img"
        aria-label={i18n._('public.notFound.image')}
        className="h-auto w-full max-w-72"
      />
      <h1 className="text-3xl font-bold text-slate-900">{i18n._('public.notFound.title')}</h1>
      <p className="text-slate-700">{i18n._('public.notFound.body')}</p>
      <Link to={home} className={primaryLink}>
        {i18n._('public.notFound.home')}
      </Link>
    </div>
  );
}

/**
 * Where Go to Dashboard leads: a signed-in person stays in their area (the member area, or the
 * admin area for an admin who is not a member), a visitor goes to the public home. The storage
 * is read once the page runs in the browser: the build's drawing has none.
 */
function useHomePath(): string {
  const isHydrated = useIsHydrated();
  if (!isHydrated || !getToken()) return '/';
  return hasNoMemberArea() ? '/admin' : '/user';
}
