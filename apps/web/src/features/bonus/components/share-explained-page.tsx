import { Link, useParams } from 'react-router';
import type { ShareExplained } from '@jamiya/contracts/bonus';
import { useProfile } from '../../../api/get-profile.ts';
import { Button } from '../../../components/button.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { NeedsNetwork } from '../../../components/needs-network.tsx';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDate, periodLabel } from '../../../lib/dates.ts';
import { aed, formatPercent } from '../../../lib/format.ts';
import { useTexts } from '../../../lib/i18n.tsx';
import { errorMessage, toastError } from '../../../lib/messages.ts';
import { useIsOnline } from '../../../lib/use-is-online.ts';
import {
  useDownloadShareExplained,
  useShareExplained,
  type SharePeriod,
} from '../api/get-share-explained.ts';

const card = 'rounded-2xl bg-white p-4 shadow-sm sm:p-6';
type Month = ShareExplained['months'][number];

const STATUS_TEXTS = {
  closed: /*i18n*/ 'bonus.explained.status.closed',
  proposed: /*i18n*/ 'bonus.explained.status.proposed',
  estimate: /*i18n*/ 'bonus.explained.status.estimate',
} as const;
const STATUS_TONES = { closed: 'success', proposed: 'info', estimate: 'warning' } as const;

/**
 * /user/my-bonus/explained/:period: how the member's share was computed (docs/domain/bonus.md):
 * what the committee shared, their savings month by month, their weight, their share; the same
 * as a one-page PDF. `open` is the share-out proposed, else the estimate so far.
 */
export function ShareExplainedPage() {
  const i18n = useTexts();
  const asked = useParams().period ?? 'open';
  const period: SharePeriod = asked === 'open' ? 'open' : Number(asked);
  const explained = useShareExplained(period);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <title>{i18n._('bonus.explained.pageTitle')}</title>
      <Link to="/user/my-bonus" className="self-start font-medium text-brand-800 underline">
        {i18n._('bonus.explained.back')}
      </Link>
      <h1 className="text-2xl font-bold text-slate-900">{i18n._('bonus.explained.title')}</h1>
      {explained.isPending ? (
        <Spinner />
      ) : explained.isError ? (
        <ErrorState
          message={errorMessage(explained.error)}
          onRetry={() => void explained.refetch()}
        />
      ) : (
        <Explained data={explained.data} period={period} />
      )}
    </div>
  );
}

function Explained({ data, period }: { data: ShareExplained; period: SharePeriod }) {
  const i18n = useTexts();
  const span = { from: formatDate(data.period.starts_on), to: formatDate(data.period.ends_on) };
  return (
    <>
      <section aria-labelledby="explained-shared" className={`${card} flex flex-col gap-3`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="explained-shared" className="text-lg font-bold text-slate-900">
            {i18n._('bonus.explained.shared.title', span)}
          </h2>
          <StatusBadge tone={STATUS_TONES[data.status]}>
            {i18n._(STATUS_TEXTS[data.status])}
          </StatusBadge>
        </div>
        <SharedParts parts={data.parts} />
      </section>
      <section aria-labelledby="explained-months" className={`${card} flex flex-col gap-3`}>
        <h2 id="explained-months" className="text-lg font-bold text-slate-900">
          {i18n._('bonus.explained.months.title')}
        </h2>
        <p className="text-slate-700">{i18n._('bonus.explained.months.intro')}</p>
        <MonthsTable months={data.months} />
      </section>
      <section aria-labelledby="explained-share" className={`${card} flex flex-col gap-3`}>
        <h2 id="explained-share" className="text-lg font-bold text-slate-900">
          {i18n._('bonus.explained.share.title')}
        </h2>
        <p className="text-slate-800">
          {i18n._('bonus.explained.share.weight', {
            average: aed(data.your_average_balance),
            totalAverage: aed(data.total_average_balance),
            members: data.members,
            percent: formatPercent(data.your_share_percent),
          })}
        </p>
        <p className="text-xl font-extrabold text-brand-800">
          {i18n._('bonus.explained.share.amount', {
            percent: formatPercent(data.your_share_percent),
            shared: aed(data.parts.shared),
            amount: aed(data.amount),
          })}
        </p>
        {data.status !== 'closed' && (
          <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-950">
            {i18n._('bonus.explained.share.notFinal')}
          </p>
        )}
        <DownloadPdf period={period} endsOn={data.period.ends_on} />
      </section>
    </>
  );
}

function SharedParts({ parts }: { parts: ShareExplained['parts'] }) {
  const i18n = useTexts();
  const rows: Array<[string, string, number | null]> = [
    ['interest', i18n._('bonus.explained.parts.interest'), parts.interest],
    ['fines', i18n._('bonus.explained.parts.fines'), parts.fines],
    ['other', i18n._('bonus.explained.parts.otherIncome'), parts.other_income],
    ['expenses', i18n._('bonus.explained.parts.expenses'), parts.expenses && -parts.expenses],
  ];
  return (
    <dl className="flex flex-col divide-y divide-slate-200">
      {rows
        .filter(([, , amount]) => amount !== null)
        .map(([key, label, amount]) => (
          <div key={key} className="flex flex-wrap items-baseline justify-between gap-x-4 py-2">
            <dt className="text-slate-800">{label}</dt>
            <dd className="text-slate-900 tabular-nums">{aed(amount ?? 0)}</dd>
          </div>
        ))}
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 py-2">
        <dt className="font-bold text-slate-900">{i18n._('bonus.explained.parts.total')}</dt>
        <dd className="font-bold text-slate-900 tabular-nums">{aed(parts.shared)}</dd>
      </div>
    </dl>
  );
}

function MonthsTable({ months }: { months: Month[] }) {
  const i18n = useTexts();
  const columns: Column<Month>[] = [
    {
      key: 'month',
      header: i18n._('bonus.explained.months.month'),
      isRowHeader: true,
      cell: (m) => periodLabel(m.month),
    },
    {
      key: 'days',
      header: i18n._('bonus.explained.months.days'),
      align: 'end',
      isSecondary: true,
      cell: (m) => m.days,
    },
    {
      key: 'average',
      header: i18n._('bonus.explained.months.average'),
      align: 'end',
      cell: (m) => aed(m.average_balance),
    },
    {
      key: 'end',
      header: i18n._('bonus.explained.months.end'),
      align: 'end',
      isSecondary: true,
      cell: (m) => aed(m.end_balance),
    },
  ];
  return (
    <DataTable
      caption={i18n._('bonus.explained.months.title')}
      columns={columns}
      rows={months}
      rowKey={(m) => m.month}
    />
  );
}

function DownloadPdf({ period, endsOn }: { period: SharePeriod; endsOn: string }) {
  const i18n = useTexts();
  const isOnline = useIsOnline();
  const download = useDownloadShareExplained();
  const uniqueId = useProfile().data?.userData.unique_id ?? 'member';
  return (
    <>
      <NeedsNetwork />
      <Button
        variant="secondary"
        className="w-full sm:w-auto sm:self-start"
        disabled={!isOnline}
        isBusy={download.isPending}
        onClick={() =>
          download.mutate(
            { period, fileName: `share-${uniqueId}-${endsOn}.pdf` },
            { onError: toastError },
          )
        }
      >
        {i18n._('bonus.explained.download')}
      </Button>
    </>
  );
}
