import { useTranslation } from '../../../lib/i18n.tsx';
import type { BonusPeriod } from '@jamiya/contracts/bonus';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { aed } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';

/** The periods already shared out, newest first. */
export function ClosedPeriods({ periods }: { periods: BonusPeriod[] }) {
  const { t } = useTranslation('admin-bonus');
  const columns: Column<BonusPeriod>[] = [
    {
      key: 'period',
      header: t('closed.columns.period'),
      isRowHeader: true,
      cell: (p) => t('span', { from: formatDate(p.starts_on), to: formatDate(p.ends_on) }),
    },
    {
      key: 'days',
      header: t('closed.columns.days'),
      align: 'end',
      isSecondary: true,
      cell: (p) => p.days,
    },
    {
      key: 'interest',
      header: t('closed.columns.interest'),
      align: 'end',
      cell: (p) => aed(p.interest),
    },
    {
      key: 'members',
      header: t('closed.columns.members'),
      align: 'end',
      isSecondary: true,
      cell: (p) => p.members,
    },
    {
      key: 'average',
      header: t('closed.columns.average'),
      align: 'end',
      isSecondary: true,
      cell: (p) => aed(p.total_average_balance),
    },
    {
      key: 'closed',
      header: t('closed.columns.closed'),
      cell: (p) =>
        p.closed_by
          ? t('closed.closedBy', { date: formatDate(p.closed_at), name: p.closed_by.name })
          : formatDate(p.closed_at),
    },
  ];
  return (
    <section aria-labelledby="bonus-closed" className="flex flex-col gap-3">
      <h2 id="bonus-closed" className="text-lg font-bold text-slate-900">
        {t('closed.title')}
      </h2>
      {periods.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-slate-700 shadow-sm">{t('closed.none')}</p>
      ) : (
        <DataTable
          caption={t('closed.title')}
          columns={columns}
          rows={periods}
          rowKey={(p) => p.id}
        />
      )}
    </section>
  );
}
