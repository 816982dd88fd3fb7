import { Link } from 'react-router';
import { useTexts } from '../../../lib/i18n.tsx';
import type { MyBonus, MyBonusClosed, SharedParts } from '@jamiya/contracts/bonus';
import { GiftIcon } from '../../../components/icons.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { aed } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/messages.ts';
import { useMyBonus } from '../api/get-my-bonus.ts';
import { formatPercent } from '../../../lib/format.ts';

const card = 'rounded-2xl bg-white p-4 shadow-sm sm:p-6';

/** A share-out of more than the interest: the surplus the committee chose. */
const isSurplus = (parts: SharedParts) =>
  parts.fines !== null || parts.other_income !== null || parts.expenses !== null;

/**
 * /user/my-bonus: the member's share of the association's interest income (docs/product.md
 * section 7): each closed period with how it was worked out, and an estimate for the open one.
 */
export function MyBonusPage() {
  const i18n = useTexts();
  const bonus = useMyBonus();

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <title>{i18n._('bonus.pageTitle')}</title>
      <div className="flex items-center gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-800">
          <GiftIcon className="size-6" />
        </span>
        <h1 className="text-2xl font-bold text-slate-900">{i18n._('bonus.title')}</h1>
      </div>
      <p className="text-slate-700">{i18n._('bonus.intro')}</p>
      {bonus.isPending ? (
        <Spinner />
      ) : bonus.isError ? (
        <ErrorState message={errorMessage(bonus.error)} onRetry={() => void bonus.refetch()} />
      ) : (
        <BonusFigures data={bonus.data} />
      )}
      <HowItWorks />
      <Link
        to="/user/annual-report"
        className="flex min-h-11 items-center self-start font-semibold text-brand-800 underline"
      >
        {i18n._('bonus.annualReportLink')}
      </Link>
    </div>
  );
}

function BonusFigures({ data }: { data: MyBonus }) {
  const i18n = useTexts();
  const hasEstimate = data.estimate.your_average_balance > 0;
  if (!hasEstimate && data.closed.length === 0) {
    return (
      <EmptyState title={i18n._('bonus.empty.title')}>
        <p>{i18n._('bonus.empty.body')}</p>
      </EmptyState>
    );
  }
  return (
    <>
      <Estimate estimate={data.estimate} />
      <section aria-labelledby="bonus-closed" className="flex flex-col gap-3">
        <h2 id="bonus-closed" className="text-lg font-bold text-slate-900">
          {i18n._('bonus.closed.title')}
        </h2>
        {data.closed.length === 0 ? (
          <p className="rounded-xl bg-white p-4 text-slate-700 shadow-sm">
            {i18n._('bonus.closed.none')}
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {data.closed.map((c) => (
              <ClosedShare key={c.period.id} share={c} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function Estimate({ estimate }: { estimate: MyBonus['estimate'] }) {
  const i18n = useTexts();
  return (
    <section
      aria-labelledby="bonus-estimate"
      className={`${card} flex flex-col gap-3 border-2 border-dashed border-amber-300`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="bonus-estimate" className="text-lg font-bold text-slate-900">
          {i18n._('bonus.estimate.title')}
        </h2>
        <StatusBadge tone="warning">{i18n._('bonus.estimate.badge')}</StatusBadge>
      </div>
      <div>
        <p className="text-sm text-slate-600">{i18n._('bonus.estimate.amountLabel')}</p>
        <p className="text-3xl font-extrabold tracking-tight text-brand-800 tabular-nums">
          {aed(estimate.amount)}
        </p>
      </div>
      <p className="text-slate-800">
        {i18n._('bonus.estimate.period', {
          from: formatDate(estimate.from),
          to: formatDate(estimate.to),
        })}{' '}
        {i18n._('bonus.howComputed', {
          mine: aed(estimate.your_average_balance),
          total: aed(estimate.total_average_balance),
          percent: formatPercent(estimate.your_share_percent),
          interest: aed(estimate.interest_so_far),
          surplus: isSurplus(estimate.parts) ? 'yes' : 'no',
        })}
      </p>
      <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-950">
        {i18n._('bonus.estimate.note')}
      </p>
      <ExplainedLink period="open" />
    </section>
  );
}

function ClosedShare({ share }: { share: MyBonusClosed }) {
  const i18n = useTexts();
  const titleId = `bonus-period-${share.period.id}`;
  return (
    <li>
      <article aria-labelledby={titleId} className={`${card} flex flex-col gap-2`}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={titleId} className="font-bold text-slate-900">
            {i18n._('bonus.closed.period', {
              from: formatDate(share.period.starts_on),
              to: formatDate(share.period.ends_on),
            })}
          </h3>
          <StatusBadge tone="success">{i18n._('bonus.closed.badge')}</StatusBadge>
        </div>
        <p className="text-2xl font-extrabold text-slate-900 tabular-nums">{aed(share.amount)}</p>
        <p className="text-slate-800">
          {i18n._('bonus.howComputed', {
            mine: aed(share.your_average_balance),
            total: aed(share.total_average_balance),
            percent: formatPercent(share.your_share_percent),
            interest: aed(share.interest_total),
            surplus: isSurplus(share.parts) ? 'yes' : 'no',
          })}
        </p>
        <ExplainedLink period={share.period.id} />
      </article>
    </li>
  );
}

/** To "how your share was computed": the months, the weight, the PDF. */
function ExplainedLink({ period }: { period: 'open' | number }) {
  const i18n = useTexts();
  return (
    <Link
      to={`/user/my-bonus/explained/${period}`}
      className="flex min-h-11 items-center self-start font-semibold text-brand-800 underline"
    >
      {i18n._('bonus.explainedLink')}
    </Link>
  );
}

function HowItWorks() {
  const i18n = useTexts();
  return (
    <section aria-labelledby="bonus-how" className={card}>
      <h2 id="bonus-how" className="text-lg font-bold text-slate-900">
        {i18n._('bonus.how.title')}
      </h2>
      <ol className="mt-3 flex list-decimal flex-col gap-2 ps-5 text-slate-800">
        <li>{i18n._('bonus.how.income')}</li>
        <li>{i18n._('bonus.how.average')}</li>
        <li>{i18n._('bonus.how.share')}</li>
        <li>{i18n._('bonus.how.surplus')}</li>
        <li>{i18n._('bonus.how.close')}</li>
      </ol>
    </section>
  );
}
