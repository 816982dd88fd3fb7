import type { ReactNode } from 'react';
import { useTexts } from '../lib/i18n.tsx';
import { useIsOnline } from '../lib/use-is-online.ts';

/**
 * Said above a form while the phone has no network: by default that the form needs one (its
 * submit button waits meanwhile: `disabled={!useIsOnline()}`), rather than letting the member
 * fill it in and fail; `children` says otherwise (a payment, which waits on the phone).
 */
export function NeedsNetwork({ children }: { children?: ReactNode }) {
  const i18n = useTexts();
  const isOnline = useIsOnline();
  if (isOnline) return null;
  return (
    <p role="status" className="rounded-lg bg-amber-100 px-3 py-2 text-sm text-amber-950">
      {children ?? i18n._('common.needsNetwork')}
    </p>
  );
}
