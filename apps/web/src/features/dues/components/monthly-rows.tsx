import { lazy, Suspense, useState } from 'react';
import { useTexts, type Texts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { aed, aedFils } from '../../../lib/format.ts';
import { formatDate, periodLabel } from '../../../lib/dates.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { mayBeFined, owedFils, type DuesRules, type MonthlyRow } from '../lib/fines.ts';

// The fine's warning and "My salary is late" come only for a month a fine may still fall on.
const FineWarning = lazy(() => import('./fine-warning.tsx'));

// Month | description | amount | status on desktop; a stacked card per month on a phone.
const COLUMNS = 'lg:grid lg:grid-cols-[11rem_minmax(0,1fr)_8rem_13rem] lg:items-center lg:gap-4';
// A member of many years has a row per month; the latest year is what they look for.
const FIRST_ROWS = 12;

/** The member's months, newest first as the server lists them (docs/product.md section 4). */
export function MonthlyRowList({
  rows,
  waitingPeriods,
  duesRules,
  onPayNow,
  onPayDue,
}: {
  rows: MonthlyRow[];
  /** The months of payments waiting on the phone for a network (WaitingPayments). */
  waitingPeriods: ReadonlySet<string>;
  /** The association's due day, grace and fine (settings), once they have come. */
  duesRules: DuesRules | undefined;
  onPayNow: (row: MonthlyRow) => void;
  onPayDue: (row: MonthlyRow) => void;
}) {
  const i18n = useTexts();
  const [isShowingAll, setShowingAll] = useState(false);
  const shown = isShowingAll ? rows : rows.slice(0, FIRST_ROWS);
  return (
    <section aria-labelledby="monthly-rows-title" className="flex flex-col gap-3">
      <h2 id="monthly-rows-title" className="text-lg font-bold text-slate-900">
        {i18n._('dues.rows.title')}
      </h2>
      {rows.length === 0 ? (
        <EmptyState title={i18n._('dues.rows.empty')}>
          <p className="text-sm">{i18n._('dues.rows.emptyBody')}</p>
        </EmptyState>
      ) : (
        <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          <div
            aria-hidden
            className={`hidden border-b border-slate-200 bg-slate-50 px-5 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase ${COLUMNS}`}
          >
            <span>{i18n._('dues.rows.month')}</span>
            <span>{i18n._('dues.rows.description')}</span>
            <span className="text-end">{i18n._('dues.rows.amount')}</span>
            <span>{i18n._('dues.rows.status')}</span>
          </div>
          <ul className="divide-y divide-slate-200">
            {shown.map((row) => (
              <MonthlyRowItem
                key={row.period}
                row={row}
                isWaiting={waitingPeriods.has(row.period)}
                duesRules={duesRules}
                onPayNow={onPayNow}
                onPayDue={onPayDue}
              />
            ))}
          </ul>
          {shown.length < rows.length && (
            <div className="border-t border-slate-200 p-2 text-center">
              <Button variant="ghost" onClick={() => setShowingAll(true)}>
                {i18n._('dues.rows.showAll', { count: rows.length })}
              </Button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}

function MonthlyRowItem({
  row,
  isWaiting,
  duesRules,
  onPayNow,
  onPayDue,
}: {
  row: MonthlyRow;
  isWaiting: boolean;
  duesRules: DuesRules | undefined;
  onPayNow: (row: MonthlyRow) => void;
  onPayDue: (row: MonthlyRow) => void;
}) {
  const i18n = useTexts();
  const month = periodLabel(row.period);
  const isPartPaid = row.paid > 0 && row.remaining > 0;
  const note = rowNote(row, isPartPaid, i18n);
  return (
    // Wrapped on a phone only for the fine's warning, across the row under it.
    <li className={`flex flex-wrap items-center gap-3 px-4 py-3 lg:px-5 ${COLUMNS}`}>
      {/* At least 9rem for the month and its notes: a long status wraps under them instead. */}
      <div className="min-w-36 flex-1 lg:contents">
        <p className="font-semibold text-slate-900">{month}</p>
        <div className="text-sm text-slate-600">
          {isPartPaid && (
            <p className="font-medium text-amber-900">
              {i18n._('dues.rows.partPaid', { paid: aed(row.paid), due: aedFils(owedFils(row)) })}
            </p>
          )}
          {note && <p>{note}</p>}
          {row.status !== 'completed' && (
            <p>{i18n._('dues.rows.dueOn', { date: formatDate(row.due_on) })}</p>
          )}
          <FineLines row={row} />
        </div>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1 lg:contents">
        {isPartPaid ? (
          <p className="font-bold text-slate-900 tabular-nums lg:text-end">
            {i18n._('dues.rows.left', { amount: aed(row.remaining) })}
          </p>
        ) : (
          <p className="font-bold text-slate-900 tabular-nums lg:text-end">
            {aedFils(owedFils(row))}
          </p>
        )}
        {isWaiting && row.status !== 'completed' && row.status !== 'pending' ? (
          <StatusBadge tone="warning">{i18n._('dues.rows.waiting')}</StatusBadge>
        ) : (
          <RowStatus row={row} month={month} onPayNow={onPayNow} onPayDue={onPayDue} />
        )}
      </div>
      {mayBeFined(row) && (
        <Suspense fallback={null}>
          <FineWarning row={row} month={month} rules={duesRules} />
        </Suspense>
      )}
    </li>
  );
}

/** A month's late fine as charged, and what of it was waived (docs/domain/dues.md). */
function FineLines({ row }: { row: MonthlyRow }) {
  const i18n = useTexts();
  return (
    <>
      {row.fine > 0 && (
        <p className="font-medium text-red-800">
          {i18n._('dues.fine.charged', { amount: aed(row.fine) })}
        </p>
      )}
      {row.fine_waived > 0 && (
        <p className="text-green-800">
          {i18n._('dues.fine.waived', { amount: aed(row.fine_waived) })}
        </p>
      )}
    </>
  );
}

// The API's descriptions are English sentences of the server's (the spec's clients show them as
// they are): here each is said in the member's language from what the row is. Only a rejected
// receipt's reason, as the treasurer typed it, comes from the API as it is.
const REJECTED = 'Receipt not accepted: ';
/** A month the member's leaving closed (docs/domain/leaving.md). */
const SETTLED_AT_EXIT = 'Settled when you left';

function rowNote(row: MonthlyRow, isPartPaid: boolean, i18n: Texts): string | null {
  if (row.description.startsWith(REJECTED))
    return i18n._('dues.rows.note.notAccepted', { reason: row.description.slice(REJECTED.length) });
  if (isPartPaid && row.status !== 'pending') return null; // said by rows.partPaid
  switch (row.status) {
    case 'completed':
      return row.description === SETTLED_AT_EXIT
        ? i18n._('dues.rows.note.settledAtExit')
        : i18n._('dues.rows.note.paid');
    case 'pending':
      return i18n._('dues.rows.note.review');
    case 'pay_now':
      return i18n._('dues.rows.note.thisMonth');
    default:
      return i18n._('dues.rows.note.notPaid');
  }
}

/** completed, pending, pay_now, ahead, and any other value meaning due (docs/product.md 10.2). */
function RowStatus({
  row,
  month,
  onPayNow,
  onPayDue,
}: {
  row: MonthlyRow;
  month: string;
  onPayNow: (row: MonthlyRow) => void;
  onPayDue: (row: MonthlyRow) => void;
}) {
  const i18n = useTexts();
  const box = 'flex flex-col items-end gap-1 lg:flex-row lg:items-center lg:gap-3';
  switch (row.status) {
    case 'completed':
      return (
        <div className={box}>
          <StatusBadge tone="success">{i18n._('dues.rows.completed')}</StatusBadge>
          <span className="text-sm font-medium text-green-800">{i18n._('dues.rows.thankYou')}</span>
        </div>
      );
    case 'pending':
      return (
        <div className={box}>
          <StatusBadge tone="warning">{i18n._('dues.rows.pending')}</StatusBadge>
        </div>
      );
    case 'pay_now':
      return (
        <div className={box}>
          <Button className="px-5" onClick={() => onPayNow(row)}>
            {i18n._('dues.rows.payNow')}
          </Button>
        </div>
      );
    default: {
      // Due, or a month after this one paid in part ('ahead'): not owed yet, its rest may be
      // paid ahead. Either way the member may pay it.
      const isAhead = row.status === 'ahead';
      return (
        <div className="flex items-center gap-2 lg:gap-3">
          <StatusBadge tone={isAhead ? 'neutral' : 'danger'}>
            {i18n._(isAhead ? /*i18n*/ 'dues.rows.notDueYet' : /*i18n*/ 'dues.rows.due')}
          </StatusBadge>
          <Button
            variant="secondary"
            className="min-w-16"
            aria-label={i18n._('dues.rows.payMonth', { month })}
            onClick={() => onPayDue(row)}
          >
            {i18n._('dues.rows.pay')}
          </Button>
        </div>
      );
    }
  }
}
