import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n.tsx';
import { Spinner } from '../../../components/states.tsx';
import { useSignOut } from '../api/logout.ts';

/** Switch account: sign out, then the sign-in page (PRODUCT.md section 7). */
export function SwitchAccountPage() {
  const { t } = useTranslation('auth');
  const signOut = useSignOut();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut();
  }, [signOut]);
  return <Spinner label={t('signOut.working')} />;
}
