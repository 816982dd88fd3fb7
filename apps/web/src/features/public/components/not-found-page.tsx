import { useTranslation } from '../../../lib/i18n.tsx';
import { Link } from 'react-router';
import { LostIllustration } from './illustrations.tsx';
import { primaryLink } from '../../../components/link-styles.ts';

/**
 * Any unknown path (spec section 2). It is shown inside the public layout and inside the
 * member area, so it brings its own spacing and needs no layout around it.
 */
export function NotFoundPage() {
  const { t } = useTranslation('public');
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col items-center gap-4 px-4 py-10 text-center md:py-16">
      <title>{t('notFound.pageTitle')}</title>
      <LostIllustration
        role="img"
        aria-label={t('notFound.image')}
        className="h-auto w-full max-w-72"
      />
      <h1 className="text-3xl font-bold text-slate-900">{t('notFound.title')}</h1>
      <p className="text-slate-700">{t('notFound.body')}</p>
      <Link to="/" className={primaryLink}>
        {t('notFound.home')}
      </Link>
    </div>
  );
}
