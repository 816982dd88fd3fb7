import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BankStatement, Reconciliation } from '@jamiya/contracts/bank';
import { useTexts } from '../../../lib/i18n.tsx';
import { ADMIN_KEY } from '../../../api/admin-key.ts';
import { Button } from '../../../components/button.tsx';
import { DateField } from '../../../components/date-field.tsx';
import { Field } from '../../../components/field.tsx';
import { Figures } from '../../../components/figures.tsx';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { aed } from '../../../lib/format.ts';
import { errorMessage } from '../../../lib/messages.ts';
import { useReconciliation } from '../api/get-reconciliation.ts';
import { daysOf } from '../lib/days.ts';
import { EntrySummary } from './bank-line.tsx';
import { LineOutcome, useLineOutcome } from './line-outcome.tsx';
import { LineSummary } from './bank-line.tsx';
import { OpenLines } from './open-lines.tsx';
import { CardSection } from '../../../components/card-section.tsx';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const AT_ONCE = 10;

/**
 * The books against the bank at the end of a day (the statement's last day to begin with): the
 * bank's balance, the books' cash, the difference, and a plain verdict, with the lines and
 * movements that explain a difference. "Check again" reads the page anew (a second admin may
 * have confirmed an assignment meanwhile).
 */
export function ReconciliationPanel({
  statement,
  shownAbove = new Set(),
}: {
  statement: BankStatement;
  /** Lines the page shows above with their actions: listed here without them, once is enough. */
  shownAbove?: ReadonlySet<number>;
}) {
  const i18n = useTexts();
  const queryClient = useQueryClient();
  const [day, setDay] = useState(statement.to);
  const [asOf, setAsOf] = useState(statement.to);
  // How many of each list the server sends: 10 more at each "Show more".
  const [limit, setLimit] = useState(AT_ONCE);
  const recon = useReconciliation(asOf, limit);
  const thisYear = new Date().getFullYear();
  const firstYear = Number(statement.from.slice(0, 4)) - 1;

  let body;
  if (recon.isPending) body = <Spinner />;
  else if (recon.isError && !recon.data)
    body = <ErrorState message={errorMessage(recon.error)} onRetry={() => void recon.refetch()} />;
  else
    body = (
      <Verdict
        recon={recon.data}
        shownAbove={shownAbove}
        more={{
          isFetching: recon.isFetching,
          fetch: () => setLimit((n) => n + AT_ONCE),
        }}
      />
    );

  return (
    <CardSection
      id="bank-reconcile"
      title={i18n._('admin-bank.reconcile.title')}
      intro={i18n._('admin-bank.reconcile.intro')}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="sm:max-w-lg sm:flex-1">
          <Field label={i18n._('admin-bank.reconcile.asOf')}>
            {(a) => (
              <DateField
                {...a}
                label={i18n._('admin-bank.reconcile.asOf')}
                value={day}
                onChange={(value) => {
                  setDay(value);
                  if (DAY.test(value)) setAsOf(value);
                }}
                fromYear={Math.min(firstYear, thisYear - 1)}
                toYear={Math.max(thisYear, Number(statement.to.slice(0, 4)))}
              />
            )}
          </Field>
        </div>
        <Button
          variant="secondary"
          isBusy={recon.isFetching && !recon.isPending}
          onClick={() => void queryClient.invalidateQueries({ queryKey: ADMIN_KEY })}
        >
          {i18n._('admin-bank.reconcile.again')}
        </Button>
      </div>
      {body}
    </CardSection>
  );
}

interface More {
  isFetching: boolean;
  fetch: () => void;
}

function Verdict({
  recon,
  shownAbove,
  more,
}: {
  recon: Reconciliation;
  shownAbove: ReadonlySet<number>;
  more: More;
}) {
  const i18n = useTexts();
  const [said, say] = useLineOutcome();
  // When the latest statement ends before the day asked, both are read at its last day.
  const day =
    recon.statement && recon.statement.to < recon.as_of ? recon.statement.to : recon.as_of;
  const figures = [
    {
      key: 'bank',
      label: i18n._('admin-bank.reconcile.bank'),
      value: recon.bank_balance === null ? '—' : aed(recon.bank_balance),
    },
    { key: 'books', label: i18n._('admin-bank.reconcile.books'), value: aed(recon.books_cash) },
    {
      key: 'difference',
      label: i18n._('admin-bank.reconcile.difference'),
      value: recon.difference === null ? '—' : aed(recon.difference, { signed: true }),
    },
  ];
  const tone = recon.agree
    ? 'border-green-300 bg-green-50 text-green-950'
    : 'border-amber-300 bg-amber-50 text-amber-950';
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        {recon.statement
          ? i18n._('admin-bank.reconcile.from', {
              day: formatDate(day),
              days: daysOf(i18n, recon.statement.from, recon.statement.to),
            })
          : i18n._('admin-bank.reconcile.noStatement', { day: formatDate(day) })}
      </p>
      <Figures items={figures} columns={3} />
      <div aria-live="polite" className={`flex flex-col gap-1 rounded-xl border-2 p-4 ${tone}`}>
        <h3 className="text-xl font-extrabold">
          {recon.agree
            ? i18n._('admin-bank.reconcile.agree')
            : recon.bank_balance === null
              ? i18n._('admin-bank.reconcile.noBalance')
              : i18n._('admin-bank.reconcile.disagree')}
        </h3>
        <p>
          {recon.agree
            ? i18n._('admin-bank.reconcile.agreeBody', {
                day: formatDate(day),
                amount: aed(recon.books_cash),
              })
            : recon.verdict}
        </p>
      </div>
      <LineOutcome id="bank-reconcile-done" said={said} />
      {!recon.agree && (
        <div className="grid gap-4 lg:grid-cols-2">
          {recon.lines_not_in_books.length > 0 && (
            <div className="flex flex-col gap-2">
              <h3 className="font-bold text-slate-900">
                {i18n._('admin-bank.reconcile.linesNotInBooks', {
                  count: recon.lines_not_in_books_total,
                })}
              </h3>
              <OpenLines
                lines={recon.lines_not_in_books.filter((l) => !shownAbove.has(l.id))}
                onDone={say}
              />
              <Missing
                title={i18n._('admin-bank.reconcile.handledAbove')}
                items={recon.lines_not_in_books
                  .filter((l) => shownAbove.has(l.id))
                  .map((l) => ({ key: l.id, node: <LineSummary line={l} /> }))}
              />
              <MoreOf
                shown={recon.lines_not_in_books.length}
                total={recon.lines_not_in_books_total}
                more={more}
              />
            </div>
          )}
          {recon.entries_not_in_bank.length > 0 && (
            <div className="flex flex-col gap-2">
              <Missing
                title={i18n._('admin-bank.reconcile.entriesNotInBank', {
                  count: recon.entries_not_in_bank_total,
                })}
                items={recon.entries_not_in_bank.map((e) => ({
                  key: e.id,
                  node: <EntrySummary entry={e} />,
                }))}
              />
              <MoreOf
                shown={recon.entries_not_in_bank.length}
                total={recon.entries_not_in_bank_total}
                more={more}
              />
            </div>
          )}
        </div>
      )}
    </div>
  );
}

function Missing({ title, items }: { title: string; items: { key: number; node: ReactNode }[] }) {
  if (items.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-bold text-slate-900">{title}</h3>
      <ul className="flex flex-col gap-2">
        {items.map((i) => (
          <li key={i.key} className="rounded-xl border border-slate-200 p-3">
            {i.node}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "Show 10 more" under a list the server sends the first of. */
function MoreOf({ shown, total, more }: { shown: number; total: number; more: More }) {
  const i18n = useTexts();
  return (
    <ShowMoreButton
      hasNextPage={total > shown}
      isFetchingNextPage={more.isFetching}
      fetchNextPage={more.fetch}
    >
      {i18n._('admin-bank.reconcile.showMore', { count: Math.min(AT_ONCE, total - shown) })}
    </ShowMoreButton>
  );
}
