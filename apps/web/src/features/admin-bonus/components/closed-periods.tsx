import { useTexts } from '../../../lib/i18n.tsx';
import type { BonusPeriod } from '@jamiya/contracts/bonus';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { aed } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';

/** The periods already shared out, newest first. */
export function ClosedPeriods({ periods }: { periods: BonusPeriod[] }) {
  const i18n = useTexts();
  const columns: Column<BonusPeriod>[] = [
    {
      key: 'period',
      header: i18n._('admin-bonus.closed.columns.period'),
      isRowHeader: true,
      cell: (p) =>
        i18n._('admin-bonus.span', { from: formatDate(p.starts_on), to: formatDate(p.ends_on) }),
    },
    {
      key: 'days',
      header: i18n._('admin-bonus.closed.columns.days'),
      align: 'end',
      isSecondary: true,
      cell: (p) => p.days,
    },
    {
      key: 'interest',
      header: i18n._('admin-bonus.closed.columns.interest'),
      align: 'end',
      cell: (p) => aed(p.interest),
    },
    {
      key: 'members',
      header: i18n._('admin-bonus.closed.columns.members'),
      align: 'end',
      isSecondary: true,
      cell: (p) => p.members,
    },
    {
      key: 'average',
      header: i18n._('admin-bonus.closed.columns.average'),
      align: 'end',
      isSecondary: true,
      cell: (p) => aed(p.total_average_balance),
    },
    {
      key: 'closed',
      header: i18n._('admin-bonus.closed.columns.closed'),
      cell: (p) =>
        p.closed_by
          ? i18n._('admin-bonus.closed.closedBy', {
              date: formatDate(p.closed_at),
              name: p.closed_by.name,
            })
          : formatDate(p.closed_at),
    },
  ];
  return (
    <section aria-labelledby="bonus-closed" className="flex flex-col gap-3">
      <h2 id="bonus-closed" className="text-lg font-bold text-slate-900">
        {i18n._('admin-bonus.closed.title')}
      </h2>
      {periods.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-slate-700 shadow-sm">
          {i18n._('admin-bonus.closed.none')}
        </p>
      ) : (
        <DataTable
          caption={i18n._('admin-bonus.closed.title')}
          columns={columns}
          rows={periods}
          rowKey={(p) => p.id}
        />
      )}
    </section>
  );
}
