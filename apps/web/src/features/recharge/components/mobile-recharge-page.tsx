import { useTexts } from '../../../lib/i18n.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { MobileRechargeForm } from './mobile-recharge-form.tsx';
import { MyRecharges } from './my-recharges.tsx';

/** /user/mobile-recharge: the recharge form of the home page, and the member's requests. */
export function MobileRechargePage() {
  const i18n = useTexts();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageTitle>{i18n._('recharge.recharge.title')}</PageTitle>
      <MobileRechargeForm
        headingLevel="h1"
        intro={i18n._('recharge.rechargePage.intro')}
        showRequestsLink={false}
      />
      <MyRecharges />
    </div>
  );
}
