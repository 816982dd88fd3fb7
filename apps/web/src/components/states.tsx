import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n.tsx';
import { Button } from './button.tsx';

export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex items-center justify-center gap-3 p-6 text-slate-700">
      <SpinnerRing />
      <span>{label ?? t('loading')}</span>
    </div>
  );
}

/** A loading state's turning ring, still through its first second (docs/decisions/027). */
export function SpinnerRing({ size = 'size-6' }: { size?: 'size-5' | 'size-6' }) {
  return (
    <span
      className={`${size} animate-spin-late rounded-full border-4 border-brand-700 border-e-transparent`}
      aria-hidden
    />
  );
}

export function ErrorState({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-900"
    >
      <p className="font-semibold">{t('errorTitle')}</p>
      <p className="text-sm">{message ?? t('errorBody')}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {t('retry')}
        </Button>
      )}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
      <p className="font-semibold text-slate-900">{title}</p>
      {children}
    </div>
  );
}
