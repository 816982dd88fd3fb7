import { useTranslation } from 'react-i18next';
import { useAccountData } from '../../../api/get-account-data.ts';
import { GiftIcon } from '../../../components/icons.tsx';
import { ErrorState } from '../../../components/states.tsx';
import { aed } from '../../../lib/format.ts';
import { ComingSoonNotice } from './coming-soon-notice.tsx';

/**
 * /user/my-bonus: the member's share of the year's interest income (PRODUCT.md section 7).
 * The share-out is not computed yet, so the page explains it and shows only real figures.
 */
export function MyBonusPage() {
  const { t } = useTranslation('extras');
  const account = useAccountData();

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <div className="flex items-center gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-800">
          <GiftIcon className="size-6" />
        </span>
        <h1 className="text-2xl font-bold text-slate-900">{t('bonus.title')}</h1>
      </div>
      <ComingSoonNotice>{t('bonus.notYet')}</ComingSoonNotice>
      <section aria-labelledby="bonus-savings" className="rounded-2xl bg-white p-5 shadow-sm">
        <h2 id="bonus-savings" className="font-medium text-slate-700">
          {t('bonus.savingsTitle')}
        </h2>
        {account.isPending ? (
          <div role="status" className="mt-2">
            <span
              className="inline-block h-9 w-40 animate-pulse rounded bg-slate-200"
              aria-hidden
            />
            <span className="sr-only">{t('loading', { ns: 'common' })}</span>
          </div>
        ) : account.isError ? (
          <div className="mt-3">
            <ErrorState
              message={t('noAccountData', { ns: 'common' })}
              onRetry={() => void account.refetch()}
            />
          </div>
        ) : (
          <p className="mt-1 text-3xl font-extrabold tracking-tight text-brand-800">
            {aed(account.data.account_balance)}
          </p>
        )}
        <p className="mt-2 text-sm text-slate-600">{t('bonus.savingsNote')}</p>
      </section>
      <section aria-labelledby="bonus-how" className="rounded-2xl bg-white p-5 shadow-sm">
        <h2 id="bonus-how" className="text-lg font-bold text-slate-900">
          {t('bonus.howTitle')}
        </h2>
        <ol className="mt-3 flex list-decimal flex-col gap-2 ps-5 text-slate-800">
          <li>{t('bonus.how1')}</li>
          <li>{t('bonus.how2')}</li>
          <li>{t('bonus.how3')}</li>
        </ol>
        <p className="mt-3 rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
          {t('bonus.example')}
        </p>
      </section>
    </div>
  );
}
