import { useTranslation } from '../../../lib/i18n.tsx';
import { useIsOnline } from '../../../lib/use-is-online.ts';

/** Without a network a payment form still takes the payment, and says what becomes of it. */
export function OfflineNote() {
  const { t } = useTranslation('dues');
  const isOnline = useIsOnline();
  if (isOnline) return null;
  return (
    <p role="status" className="rounded-lg bg-amber-100 px-3 py-2 text-sm text-amber-950">
      {t('form.offline')}
    </p>
  );
}

/** How much of the receipt has gone, while it goes (a slow network takes seconds for 300 KB). */
export function UploadProgress({ progress }: { progress: number | null }) {
  const { t } = useTranslation('dues');
  if (progress === null) return null;
  const percent = Math.round(progress * 100);
  const label = t('form.sending', { percent });
  return (
    <div className="flex flex-col gap-1">
      <progress
        max={100}
        value={percent}
        aria-label={label}
        className="h-2 w-full accent-brand-700"
      />
      <p className="text-sm text-slate-700">{label}</p>
    </div>
  );
}
