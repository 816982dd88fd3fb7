import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Says plainly that a part of the app is not there yet (PRODUCT.md section 7 plans it). */
export function ComingSoonNotice({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold">{t('notYetTitle')}</p>
      <div className="mt-1 text-sm">{children}</div>
    </div>
  );
}
