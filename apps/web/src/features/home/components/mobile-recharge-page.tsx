import { useTranslation } from 'react-i18next';
import { MobileRechargeForm } from './mobile-recharge-form.tsx';

/** /user/mobile-recharge: the recharge form of the home page on a page of its own (menu entry). */
export function MobileRechargePage() {
  const { t } = useTranslation('home');
  return (
    <div className="mx-auto w-full max-w-3xl">
      <MobileRechargeForm headingLevel="h1" intro={t('rechargePage.intro')} />
    </div>
  );
}
