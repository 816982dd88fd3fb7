import { CardAmount } from '../../../components/figures.tsx';
import { useTexts } from '../../../lib/i18n.tsx';
import type { AccountData } from '../../../api/get-account-data.ts';
import { aed } from '../../../lib/format.ts';

export function BalanceCards({ account }: { account: AccountData }) {
  const i18n = useTexts();
  const hasDue = account.due_balance > 0;
  return (
    <div className="grid grid-cols-2 gap-3 md:gap-4">
      <div className="flex flex-col gap-1 rounded-2xl bg-brand-700 p-4 text-white shadow-sm md:p-5">
        <p className="text-sm font-medium text-brand-50">{i18n._('dues.cards.saving')}</p>
        <CardAmount max="3xl">{aed(account.account_balance)}</CardAmount>
        <p className="text-xs text-brand-100">{i18n._('dues.cards.savingHint')}</p>
      </div>
      <div
        className={`flex flex-col gap-1 rounded-2xl border bg-white p-4 shadow-sm md:p-5 ${hasDue ? 'border-red-200' : 'border-slate-200'}`}
      >
        <p className="text-sm font-medium text-slate-700">{i18n._('dues.cards.due')}</p>
        <CardAmount max="3xl" className={hasDue ? 'text-red-700' : 'text-slate-900'}>
          {aed(account.due_balance)}
        </CardAmount>
        <p className="text-xs text-slate-600">
          {hasDue ? i18n._('dues.cards.dueHint') : i18n._('dues.cards.nothingDue')}
        </p>
        {/* Sent and not reviewed yet: still due until approved, said beside it (issue 33). */}
        {account.under_review > 0 && (
          <p className="text-xs font-medium text-amber-900">
            {i18n._('dues.cards.underReview', { amount: aed(account.under_review) })}
          </p>
        )}
      </div>
    </div>
  );
}
