import { useState } from 'react';
import { Link } from 'react-router';
import { useTexts } from '../../../lib/i18n.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { Button } from '../../../components/button.tsx';
import { secondaryLink } from '../../../components/link-styles.ts';
import { useSignOut } from '../../../api/logout.ts';

/**
 * Switch account (docs/product.md section 7): asks first, and only its button signs out, then the
 * sign-in page. Opening the page does nothing, so a link to it cannot end anyone's session.
 */
export function SwitchAccountPage() {
  const i18n = useTexts();
  const { signOut, question } = useSignOut();
  const [isSigningOut, setSigningOut] = useState(false);
  const onSignOut = async () => {
    setSigningOut(true);
    await signOut();
    setSigningOut(false); // still here: the sign-out asks about waiting payments first
  };
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm">
      <PageTitle>{i18n._('auth.switchAccount.title')}</PageTitle>
      <h1 className="text-xl font-bold text-slate-900">{i18n._('auth.switchAccount.title')}</h1>
      <p className="text-slate-700">{i18n._('auth.switchAccount.question')}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => void onSignOut()} isBusy={isSigningOut}>
          {i18n._('auth.switchAccount.confirm')}
        </Button>
        <Link to="/user" className={secondaryLink}>
          {i18n._('auth.switchAccount.cancel')}
        </Link>
      </div>
      {question}
    </div>
  );
}
