import { useState } from 'react';
import type { IncomeStatementView } from '@jamiya/contracts/books';
import { useTexts } from '../../../lib/i18n.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { card } from '../../../components/styles.ts';
import { formatDate } from '../../../lib/dates.ts';
import { aed } from '../../../lib/format.ts';
import { errorMessage } from '../../../lib/messages.ts';
import { dubaiToday } from '../../../lib/today.ts';
import { useDownloadIncomeStatement } from '../api/download-income-statement.ts';
import { useIncomeStatement, type Period } from '../api/get-income-statement.ts';
import { useAccountName } from '../lib/use-account-name.ts';
import { BooksNav } from './books-nav.tsx';
import { DayFilter } from './day-filter.tsx';
import { DownloadButtons } from './download-buttons.tsx';

/** This year so far: the 1st of January to today, in Dubai. */
const thisYear = (): Period => {
  const today = dubaiToday();
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
};

/**
 * /admin/ledger/income-statement: the association's income and expenditure over a period (this
 * year unless chosen): each income and expense account, their totals, the surplus or deficit.
 */
export function IncomeStatementPage() {
  const i18n = useTexts();
  const [period, setPeriod] = useState(thisYear);
  const statement = useIncomeStatement(period);
  const download = useDownloadIncomeStatement();

  let body;
  if (statement.isPending) body = <Spinner />;
  else if (statement.isError && !statement.data)
    body = (
      <ErrorState
        message={errorMessage(statement.error)}
        onRetry={() => void statement.refetch()}
      />
    );
  else body = <Statement view={statement.data} isStale={statement.isPlaceholderData} />;

  return (
    <div className="flex flex-col gap-6">
      <title>{i18n._('admin-books.income.pageTitle')}</title>
      <PageHeading
        title={i18n._('admin-books.ledger.title')}
        subtitle={i18n._('admin-books.income.subtitle')}
      />
      <BooksNav />
      <section aria-labelledby="income-title" className={`${card} flex flex-col gap-4`}>
        <h2 id="income-title" className="text-lg font-bold text-slate-900">
          {i18n._('admin-books.income.title')}
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          <DayFilter
            label={i18n._('admin-books.income.from')}
            value={period.from}
            onChange={(from) => setPeriod((p) => ({ ...p, from: from || thisYear().from }))}
          />
          <DayFilter
            label={i18n._('admin-books.income.to')}
            value={period.to}
            onChange={(to) => setPeriod((p) => ({ ...p, to: to || thisYear().to }))}
          />
        </div>
        <DownloadButtons
          labels={{
            csv: i18n._('admin-books.income.downloadCsv'),
            pdf: i18n._('admin-books.income.downloadPdf'),
          }}
          busy={download.isPending ? (download.variables?.format ?? null) : null}
          onDownload={(format, options) => download.mutate({ period, format }, options)}
        />
        {statement.isError && statement.data && (
          <ErrorState
            message={errorMessage(statement.error)}
            onRetry={() => void statement.refetch()}
          />
        )}
        {body}
      </section>
    </div>
  );
}

function Statement({ view, isStale }: { view: IncomeStatementView; isStale: boolean }) {
  const i18n = useTexts();
  const accountName = useAccountName();
  const isDeficit = view.surplus < 0;
  const part = (
    id: string,
    title: string,
    lines: IncomeStatementView['income'],
    total: number,
    totalLabel: string,
  ) => (
    <tbody aria-labelledby={id}>
      <tr className="border-b border-slate-200 bg-slate-50">
        <th id={id} scope="rowgroup" colSpan={2} className="px-2 py-2 text-start font-bold md:px-3">
          {title}
        </th>
      </tr>
      {lines.length === 0 ? (
        <tr>
          <td colSpan={2} className="px-2 py-2 text-slate-600 md:px-3">
            {i18n._('admin-books.income.none')}
          </td>
        </tr>
      ) : (
        lines.map((line) => (
          <tr key={line.code} className="border-b border-slate-100">
            <th scope="row" className="px-2 py-2 text-start font-normal break-words md:px-3">
              {accountName(line.code, line.name)}
            </th>
            <td className="px-2 py-2 text-end whitespace-nowrap tabular-nums md:px-3">
              {aed(line.amount)}
            </td>
          </tr>
        ))
      )}
      <tr className="border-b-2 border-slate-300 font-bold">
        <th scope="row" className="px-2 py-2 text-start md:px-3">
          {totalLabel}
        </th>
        <td className="px-2 py-2 text-end whitespace-nowrap tabular-nums md:px-3">{aed(total)}</td>
      </tr>
    </tbody>
  );
  return (
    <div className={`flex flex-col gap-4 ${isStale ? 'opacity-60' : ''}`} aria-busy={isStale}>
      <p className="text-sm text-slate-700">
        {i18n._('admin-books.income.period', {
          from: formatDate(view.from),
          to: formatDate(view.to),
        })}
      </p>
      {view.income.length === 0 && view.expenses.length === 0 ? (
        <EmptyState title={i18n._('admin-books.income.empty')} />
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">{i18n._('admin-books.income.title')}</caption>
          {part(
            'income-part',
            i18n._('admin-books.income.income'),
            view.income,
            view.total_income,
            i18n._('admin-books.income.totalIncome'),
          )}
          {part(
            'expenses-part',
            i18n._('admin-books.income.expenses'),
            view.expenses,
            view.total_expenses,
            i18n._('admin-books.income.totalExpenses'),
          )}
        </table>
      )}
      <p
        className={`flex flex-wrap items-baseline justify-between gap-2 rounded-xl border-2 p-4 text-lg font-extrabold ${isDeficit ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-green-300 bg-green-50 text-green-950'}`}
      >
        <span>
          {isDeficit ? i18n._('admin-books.income.deficit') : i18n._('admin-books.income.surplus')}
        </span>
        <span className="tabular-nums">{aed(Math.abs(view.surplus))}</span>
      </p>
      {view.shared_out > 0 && (
        <p className="text-sm text-slate-700">
          {i18n._('admin-books.income.sharedOut', { amount: aed(view.shared_out) })}
        </p>
      )}
    </div>
  );
}
