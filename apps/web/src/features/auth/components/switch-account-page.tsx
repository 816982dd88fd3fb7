import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { secondaryLink } from '../../../components/link-styles.ts';
import { useSignOut } from '../../../api/logout.ts';

/**
 * Switch account (docs/product.md section 7): asks first, and only its button signs out, then the
 * sign-in page. Opening the page does nothing, so a link to it cannot end anyone's session.
 */
export function SwitchAccountPage() {
  const { t } = useTranslation('auth');
  const signOut = useSignOut();
  const [isSigningOut, setSigningOut] = useState(false);
  const onSignOut = () => {
    setSigningOut(true);
    void signOut();
  };
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm">
      <h1 className="text-xl font-bold text-slate-900">{t('switchAccount.title')}</h1>
      <p className="text-slate-700">{t('switchAccount.question')}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={onSignOut} isBusy={isSigningOut}>
          {t('switchAccount.confirm')}
        </Button>
        <Link to="/user" className={secondaryLink}>
          {t('switchAccount.cancel')}
        </Link>
      </div>
    </div>
  );
}
