import { useTexts } from '../../../lib/i18n.tsx';
import { KINDS_TEXTS } from '../texts.ts';
import type { StatementLine } from '@jamiya/contracts/statement';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { aed, aedChange } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';

const nowrap = 'whitespace-nowrap';

/** The movements: a list on a phone, a table from md up (only one of them is ever shown). */
export function StatementLines({ lines }: { lines: StatementLine[] }) {
  const i18n = useTexts();
  const columns: Column<StatementLine>[] = [
    {
      key: 'date',
      header: i18n._('statement.lines.columns.date'),
      cell: (l) => <span className={nowrap}>{formatDate(l.occurred_at)}</span>,
    },
    {
      key: 'kind',
      header: i18n._('statement.lines.columns.kind'),
      isRowHeader: true,
      cell: (l) => <span className={`${nowrap} font-medium`}>{i18n._(KINDS_TEXTS[l.kind]!)}</span>,
    },
    { key: 'memo', header: i18n._('statement.lines.columns.memo'), cell: (l) => l.memo },
    {
      key: 'savingsChange',
      header: i18n._('statement.lines.columns.savingsChange'),
      align: 'end',
      cell: (l) => <span className={nowrap}>{aedChange(l.savings_change)}</span>,
    },
    {
      key: 'loanChange',
      header: i18n._('statement.lines.columns.loanChange'),
      align: 'end',
      cell: (l) => <span className={nowrap}>{aedChange(l.loan_change)}</span>,
    },
    // Where the loan change came from: what the member borrowed or repaid, and the interest.
    {
      key: 'loanPrincipalChange',
      header: i18n._('statement.lines.columns.loanPrincipalChange'),
      align: 'end',
      cell: (l) => <span className={nowrap}>{aedChange(l.loan_principal_change)}</span>,
    },
    {
      key: 'loanInterestChange',
      header: i18n._('statement.lines.columns.loanInterestChange'),
      align: 'end',
      cell: (l) => <span className={nowrap}>{aedChange(l.loan_interest_change)}</span>,
    },
    {
      key: 'savingsBalance',
      header: i18n._('statement.lines.columns.savingsBalance'),
      align: 'end',
      cell: (l) => <span className={`${nowrap} font-semibold`}>{aed(l.savings_balance)}</span>,
    },
    {
      key: 'loanBalance',
      header: i18n._('statement.lines.columns.loanBalance'),
      align: 'end',
      cell: (l) => <span className={`${nowrap} font-semibold`}>{aed(l.loan_balance)}</span>,
    },
  ];

  return (
    <>
      <ul
        aria-label={i18n._('statement.lines.caption')}
        className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:hidden"
      >
        {lines.map((l) => (
          <li key={l.entry_id} className="flex flex-col gap-1 px-4 py-3">
            <div className="flex items-baseline justify-between gap-3">
              <span className="font-semibold text-slate-900">{i18n._(KINDS_TEXTS[l.kind]!)}</span>
              <span className="text-sm whitespace-nowrap text-slate-600">
                {formatDate(l.occurred_at)}
              </span>
            </div>
            <p className="text-sm text-slate-700">{l.memo}</p>
            <p className="flex flex-wrap gap-x-4 font-semibold text-slate-900 tabular-nums">
              {l.savings_change !== 0 && (
                <span>
                  {i18n._('statement.lines.savingsChange', { amount: aedChange(l.savings_change) })}
                </span>
              )}
              {l.loan_change !== 0 && (
                <span>
                  {i18n._('statement.lines.loanChange', { amount: aedChange(l.loan_change) })}
                </span>
              )}
            </p>
            {l.loan_change !== 0 && (
              <p className="text-sm text-slate-700 tabular-nums">
                {i18n._('statement.lines.loanSplit', {
                  principal: aedChange(l.loan_principal_change),
                  interest: aedChange(l.loan_interest_change),
                })}
              </p>
            )}
            <p className="text-sm text-slate-600 tabular-nums">
              {i18n._('statement.lines.after', {
                savings: aed(l.savings_balance),
                loan: aed(l.loan_balance),
              })}
            </p>
          </li>
        ))}
      </ul>
      <div className="hidden md:block">
        <DataTable
          caption={i18n._('statement.lines.caption')}
          columns={columns}
          rows={lines}
          rowKey={(l) => l.entry_id}
        />
      </div>
    </>
  );
}
