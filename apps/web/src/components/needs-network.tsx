import { useTranslation } from '../lib/i18n.tsx';
import { useIsOnline } from '../lib/use-is-online.ts';

/**
 * Said above a form that cannot work without a network, while there is none (its submit button
 * waits meanwhile: `disabled={!useIsOnline()}`), rather than letting the member fill it in and fail.
 */
export function NeedsNetwork() {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  if (isOnline) return null;
  return (
    <p role="status" className="rounded-lg bg-amber-100 px-3 py-2 text-sm text-amber-950">
      {t('needsNetwork')}
    </p>
  );
}
