import { lazy, Suspense, useState, type ComponentType } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTexts } from '../../../lib/i18n.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useAccountData, type AccountData } from '../../../api/get-account-data.ts';
import { currentLoan, useMyLoans } from '../../../api/get-my-loans.ts';
import { useProfile } from '../../../api/get-profile.ts';
import { errorMessage } from '../../../lib/messages.ts';
import { ErrorState, SpinnerRing } from '../../../components/states.tsx';
import { aed } from '../../../lib/format.ts';
import { formatDate, periodLabel } from '../../../lib/dates.ts';
import { useAfterPagePaint } from '../../../lib/use-after-page-paint.ts';
import { holderFigures } from '../lib/home-figures.ts';
import { ActiveLoanBanner } from './active-loan-banner.tsx';
import { AskedGuarantees, HeldForGuarantees } from './guarantee-notes.tsx';

/**
 * Loads the recharge form of features/recharge, with its texts: given by the route table
 * (app/routes.ts `parts`), as features do not import each other.
 */
type LoadRechargeForm = () => Promise<{ default: ComponentType }>;

/** /user: the member's home (docs/product.md 10.2), with real figures where the spec has placeholders. */
export function MemberHomePage({ loadRechargeForm }: { loadRechargeForm: LoadRechargeForm }) {
  const i18n = useTexts();
  const account = useAccountData();
  const hasPagePainted = useAfterPagePaint();
  // A member who left asks for nothing more: their account is read-only (docs/domain/leaving.md).
  const hasLeft = Boolean(useProfile().data?.userData.left_on);

  return (
    <div className="flex flex-col gap-4 md:gap-6">
      <PageTitle>{i18n._('home.title')}</PageTitle>
      <h1 className="sr-only">{i18n._('home.title')}</h1>
      {account.isPending ? (
        <>
          <div
            role="status"
            className="flex items-center gap-3 rounded-xl bg-brand-50 px-4 py-3 font-medium text-brand-900"
          >
            <SpinnerRing size="size-5" />
            {i18n._('common.loading')}
          </div>
          <div className="grid gap-4 lg:grid-cols-2" aria-hidden>
            <div className="h-36 animate-pulse-late rounded-2xl bg-slate-200" />
            <div className="h-36 animate-pulse-late rounded-2xl bg-slate-200" />
          </div>
        </>
      ) : account.isError ? (
        <ErrorState message={errorMessage(account.error)} onRetry={() => void account.refetch()} />
      ) : (
        <SummaryCards data={account.data} />
      )}
      <AskedGuarantees />
      <ActiveLoanBanner />
      {hasLeft ? null : hasPagePainted ? (
        <LazyRechargeForm load={loadRechargeForm} />
      ) : (
        <RechargeFormPlaceholder />
      )}
    </div>
  );
}

/**
 * The recharge form once its code is here: below the balance and the loan banner on a phone,
 * and the only part of the page that needs the form library (about 17 KB), asked for once the
 * rest has painted, so that the figures a member opens the page for wait for less code and
 * work (docs/boot.md). Should that code not come (a phone losing its network), the page keeps
 * what it shows and offers to try again, with a new request: a lazy component keeps its failure.
 */
function LazyRechargeForm({ load }: { load: LoadRechargeForm }) {
  const i18n = useTexts();
  const [RechargeForm, setRechargeForm] = useState(() => lazy(load));
  return (
    <ErrorBoundary
      fallbackRender={({ resetErrorBoundary }) => (
        <ErrorState message={i18n._('home.recharge.notLoaded')} onRetry={resetErrorBoundary} />
      )}
      onReset={() => setRechargeForm(() => lazy(load))}
    >
      <Suspense fallback={<RechargeFormPlaceholder />}>
        <RechargeForm />
      </Suspense>
    </ErrorBoundary>
  );
}

/** The recharge form's place while its code comes: about its height, so nothing moves. */
function RechargeFormPlaceholder() {
  return (
    <div
      className="h-[32rem] rounded-2xl bg-white shadow-sm motion-safe:animate-pulse-late md:h-96 lg:h-80"
      aria-hidden
    />
  );
}

function SummaryCards({ data }: { data: AccountData }) {
  const i18n = useTexts();
  const loans = useMyLoans();
  const ended = Boolean(useProfile().data?.userData.left_on);
  const { monthsPaid, monthsOwed, nextDue } = holderFigures(
    data.monthlyPaymentData,
    data.current_period,
    currentLoan(loans.data?.items),
    ended,
  );

  let nextDueLabel: string;
  let nextDueValue: string;
  let nextDueNote: string | null = null;
  switch (nextDue.kind) {
    case 'installment':
      nextDueLabel = i18n._('home.holder.nextInstallment');
      nextDueValue = formatDate(nextDue.dueDate);
      nextDueNote = aed(nextDue.amount);
      break;
    case 'thisMonth':
      nextDueLabel = i18n._('home.holder.thisMonthDue');
      nextDueValue = periodLabel(nextDue.period);
      nextDueNote = aed(nextDue.amount);
      break;
    case 'nextMonth':
      nextDueLabel = i18n._('home.holder.nextMonthDue');
      nextDueValue = periodLabel(nextDue.period);
      nextDueNote = aed(data.monthly_due);
      break;
    default:
      nextDueLabel = i18n._('home.holder.nextDue');
      nextDueValue = i18n._('home.holder.nothing');
  }
  const isLoanPending = loans.isPending;

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section
        aria-labelledby="saving-title"
        className="flex flex-col justify-between gap-4 rounded-2xl bg-brand-800 p-5 text-white shadow-sm"
      >
        <h2 id="saving-title" className="font-medium text-brand-100">
          {i18n._('home.saving.title')}
        </h2>
        <p className="text-3xl font-extrabold tracking-tight lg:text-4xl">
          {aed(data.account_balance ?? 0)}
        </p>
        <p className="text-sm text-brand-100">
          {i18n._('home.saving.monthlyDue', { amount: aed(data.monthly_due) })}
        </p>
        <HeldForGuarantees />
      </section>
      <section
        aria-labelledby="holder-title"
        className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm min-[360px]:p-5"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h2 id="holder-title" className="text-lg font-bold text-slate-900">
            {data.account_holder_name}
          </h2>
          <p className="text-sm text-slate-600">
            {i18n._('home.holder.id', { id: data.owner_data.unique_id })}
          </p>
        </div>
        {/* Below 360 px two tiles a row, the due balance across both: a third of a 320 px phone
            broke Malayalam's words in the middle (issue 34). */}
        <dl className="grid grid-cols-2 gap-1.5 text-center break-words min-[360px]:grid-cols-3 min-[360px]:gap-2">
          <div className="flex flex-col gap-1 rounded-xl bg-slate-50 px-0.5 py-3 min-[360px]:px-1">
            <dt className="text-xs text-slate-600">{i18n._('home.holder.monthsPaid')}</dt>
            <dd className="text-sm font-bold text-slate-900 min-[360px]:text-base sm:text-lg">
              {i18n._('home.holder.paidOf', { paid: monthsPaid, total: monthsOwed })}
            </dd>
            <dd className="text-xs text-slate-600">
              {i18n._('home.holder.months', { count: monthsOwed })}
            </dd>
          </div>
          <div className="flex flex-col gap-1 rounded-xl bg-slate-50 px-0.5 py-3 min-[360px]:px-1">
            <dt className="text-xs text-slate-600">{nextDueLabel}</dt>
            <dd className="text-sm leading-tight font-bold text-slate-900 min-[360px]:text-base sm:text-lg">
              {isLoanPending ? (
                <>
                  <span
                    className="inline-block h-6 w-20 animate-pulse-late rounded bg-slate-200"
                    aria-hidden
                  />
                  <span className="sr-only">{i18n._('common.loading')}</span>
                </>
              ) : (
                nextDueValue
              )}
            </dd>
            {!isLoanPending && nextDueNote && (
              <dd className="text-xs text-slate-600">{nextDueNote}</dd>
            )}
          </div>
          <div className="col-span-2 flex flex-col gap-1 rounded-xl bg-slate-50 px-0.5 py-3 min-[360px]:col-span-1 min-[360px]:px-1">
            <dt className="text-xs text-slate-600">{i18n._('home.holder.dueBalance')}</dt>
            <dd
              className={`text-sm font-bold min-[360px]:text-base sm:text-lg ${data.due_balance > 0 ? 'text-red-700' : 'text-slate-900'}`}
            >
              {aed(data.due_balance)}
            </dd>
            <dd className="text-xs text-slate-600">
              {data.due_balance > 0 ? i18n._('home.holder.toPay') : i18n._('home.holder.allPaid')}
            </dd>
            {/* Still due until approved: what waits for review is said beside it (issue 33). */}
            {data.under_review > 0 && (
              <dd className="text-xs font-medium text-amber-900">
                {i18n._('home.holder.underReview', { amount: aed(data.under_review) })}
              </dd>
            )}
          </div>
        </dl>
      </section>
    </div>
  );
}
