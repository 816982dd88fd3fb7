import { useTexts } from '../../../lib/i18n.tsx';
import { KINDS_TEXTS, SUMMARY_TEXTS } from '../texts.ts';
import { useSearchParams } from 'react-router';
import { STATEMENT_KINDS } from '@jamiya/contracts/values';
import type { Statement } from '@jamiya/contracts/statement';
import { Button } from '../../../components/button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { aed } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';
import { errorMessage, toastError } from '../../../lib/messages.ts';
import { useDownloadStatement } from '../api/download-statement.ts';
import { useStatement, type Filters } from '../api/get-statement.ts';
import { StatementFiltersForm } from './statement-filters.tsx';
import { StatementLines } from './statement-lines.tsx';
import { Figures } from '../../../components/figures.tsx';

/** /user/statement: every movement of the member's money, filtered, downloadable (issue 5). */
export function StatementPage() {
  const i18n = useTexts();
  const [params, setParams] = useSearchParams();
  const filters: Filters = {
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    kind: STATEMENT_KINDS.find((k) => k === params.get('kind')) ?? '',
  };
  const statement = useStatement(filters);
  const download = useDownloadStatement();
  // A file is made only for the filters on screen, not for the ones still loading.
  const shown = statement.isPlaceholderData ? undefined : statement.data;

  const apply = (next: Filters) =>
    setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v !== '')));
  const save = (format: 'csv' | 'pdf') => {
    if (shown) download.mutate({ filters, statement: shown, format }, { onError: toastError });
  };
  const isSaving = (format: 'csv' | 'pdf') =>
    download.isPending && download.variables.format === format;

  let body;
  if (statement.isPending) body = <Spinner />;
  else if (statement.isError)
    body = (
      <ErrorState
        message={errorMessage(statement.error)}
        onRetry={() => void statement.refetch()}
      />
    );
  else
    body = (
      <div
        className={`flex flex-col gap-4 md:gap-6 ${statement.isPlaceholderData ? 'opacity-60' : ''}`}
        aria-busy={statement.isPlaceholderData}
      >
        <Summary statement={statement.data} />
        <section aria-labelledby="statement-lines-title" className="flex flex-col gap-3">
          <h2 id="statement-lines-title" className="text-lg font-bold text-slate-900">
            {i18n._('statement.lines.title')}
          </h2>
          {statement.data.lines.length > 0 ? (
            <StatementLines lines={statement.data.lines} />
          ) : Object.values(filters).some(Boolean) ? (
            <EmptyState title={i18n._('statement.lines.empty')} />
          ) : (
            <EmptyState title={i18n._('statement.lines.emptyAll')}>
              <p className="text-sm">{i18n._('statement.lines.emptyAllBody')}</p>
            </EmptyState>
          )}
          <p className="text-sm text-slate-600">{i18n._('statement.loanNote')}</p>
        </section>
      </div>
    );

  return (
    <div className="flex flex-col gap-4 md:gap-6">
      <title>{i18n._('statement.title')}</title>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{i18n._('statement.title')}</h1>
          <p className="mt-1 text-slate-700">{i18n._('statement.intro')}</p>
        </div>
        <div className="grid grid-cols-2 gap-2 lg:flex lg:shrink-0">
          <Button
            variant="secondary"
            className="text-center lg:whitespace-nowrap"
            disabled={!shown}
            isBusy={isSaving('pdf')}
            onClick={() => save('pdf')}
          >
            {i18n._('statement.download.pdf')}
          </Button>
          <Button
            variant="secondary"
            className="text-center lg:whitespace-nowrap"
            disabled={!shown}
            isBusy={isSaving('csv')}
            onClick={() => save('csv')}
          >
            {i18n._('statement.download.csv')}
          </Button>
        </div>
      </div>
      <StatementFiltersForm value={filters} onApply={apply} />
      {body}
    </div>
  );
}

function Summary({ statement: s }: { statement: Statement }) {
  const i18n = useTexts();
  const sides = [
    { key: 'opening', date: s.from, figures: s.opening },
    { key: 'closing', date: s.to, figures: s.closing },
  ] as const;
  return (
    <section
      aria-labelledby="statement-summary-title"
      className="rounded-2xl bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="statement-summary-title" className="text-lg font-bold text-slate-900">
          {i18n._('statement.summary.title')}
        </h2>
        <p className="text-slate-700">
          {i18n._('statement.summary.period', { from: formatDate(s.from), to: formatDate(s.to) })}
        </p>
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {sides.map(({ key, date, figures }) => (
          <div
            key={key}
            role="group"
            aria-labelledby={`statement-${key}-title`}
            className="rounded-xl bg-slate-50 p-3"
          >
            <h3 id={`statement-${key}-title`} className="text-sm font-semibold text-slate-700">
              {i18n._(SUMMARY_TEXTS[key]!, { date: formatDate(date) })}
            </h3>
            <Figures
              columns={2}
              className="mt-2"
              items={[
                {
                  key: 'savings',
                  label: i18n._('statement.summary.savings'),
                  value: aed(figures.savings),
                },
                {
                  key: 'loan',
                  label: i18n._('statement.summary.loan'),
                  // In all, as My Loan's remaining; then what it is made of.
                  value: (
                    <>
                      {aed(figures.loan)}
                      {figures.loan !== 0 && (
                        <span className="block text-sm font-normal text-slate-600">
                          {i18n._('statement.lines.loanSplit', {
                            principal: aed(figures.loan_principal),
                            interest: aed(figures.loan_interest),
                          })}
                        </span>
                      )}
                    </>
                  ),
                },
              ]}
            />
          </div>
        ))}
      </div>
      {s.kind && (
        <p className="mt-3 text-sm text-slate-600">
          {i18n._('statement.summary.kindNote', { kind: i18n._(KINDS_TEXTS[s.kind]!) })}
        </p>
      )}
    </section>
  );
}
