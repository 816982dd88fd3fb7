import type { ReactNode } from 'react';
import { useTexts } from '../lib/i18n.tsx';
import { useIsWaitingForNetwork } from '../lib/network-waits.ts';
import { Button } from './button.tsx';

/**
 * A page's loading state. Offline, where what it waits for was never kept on the phone, it says
 * that this needs a connection instead of turning until the network comes back (and turns again
 * then, until the answer comes).
 */
export function Spinner({ label }: { label?: string }) {
  return useIsWaitingForNetwork() ? <NeedsConnection /> : <Loading label={label} />;
}

/** The turning ring and its words, whatever the network (the session check, which says itself when there is none). */
export function Loading({ label }: { label?: string }) {
  const i18n = useTexts();
  return (
    <div role="status" className="flex items-center justify-center gap-3 p-6 text-slate-700">
      <SpinnerRing />
      <span>{label ?? i18n._('common.loading')}</span>
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

/** Offline, what a page would show was never kept on this phone: it comes with the network. */
export function NeedsConnection() {
  const i18n = useTexts();
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-2 rounded-xl border border-amber-200 bg-amber-50 p-6 text-center text-amber-950"
    >
      <p className="font-semibold">{i18n._('common.offlineState.title')}</p>
      <p className="text-sm">{i18n._('common.offlineState.body')}</p>
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  const i18n = useTexts();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-900"
    >
      <p className="font-semibold">{i18n._('common.errorTitle')}</p>
      <p className="text-sm">{message ?? i18n._('common.errorBody')}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {i18n._('common.retry')}
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
