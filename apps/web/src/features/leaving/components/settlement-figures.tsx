import type { ExitSettlement, ExitView } from '@jamiya/contracts/exits';
import { useTexts } from '../../../lib/i18n.tsx';
import { aed } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';

type Settled = NonNullable<ExitView['settled']>;

interface Line {
  key: string;
  label: string;
  /** The amount as the API gives it; shown taken away when `isTaken`. */
  amount: number;
  isTaken?: boolean;
  hint?: string | undefined;
}

/**
 * A sum as a receipt reads it: each line with its amount at the end, what is taken away
 * with its minus, then the total under a rule.
 */
function Sum({ lines, total }: { lines: readonly Line[]; total: Line }) {
  const row = 'flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2';
  return (
    <dl className="flex flex-col divide-y divide-slate-100">
      {lines.map((line) => (
        <div key={line.key} className={row}>
          <dt className="min-w-0 text-slate-700">
            {line.label}
            {line.hint && <span className="block text-sm text-slate-600">{line.hint}</span>}
          </dt>
          <dd className="ms-auto text-end font-semibold text-slate-900 tabular-nums">
            {aed(line.isTaken && line.amount !== 0 ? -line.amount : line.amount)}
          </dd>
        </div>
      ))}
      <div className={`${row} border-t-2 border-slate-300`}>
        <dt className="font-bold text-slate-900">{total.label}</dt>
        <dd className="ms-auto text-end text-xl font-extrabold text-brand-800 tabular-nums">
          {aed(total.amount)}
        </dd>
      </div>
    </dl>
  );
}

const card = 'flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm sm:p-6';

/**
 * What leaving would pay out today, before the member confirms: the savings, the bonus share
 * when there is one, less what is owed and what the member's guarantees hold; the dues unpaid,
 * what is owed beyond the savings and why the payout cannot be made yet, said plainly.
 */
export function SettlementFigures({ settlement: s }: { settlement: ExitSettlement }) {
  const i18n = useTexts();
  const lines: Line[] = [
    { key: 'savings', label: i18n._('leaving.settlement.savings'), amount: s.savings },
    ...(s.share_out > 0
      ? [{ key: 'share', label: i18n._('leaving.settlement.shareOut'), amount: s.share_out }]
      : []),
    {
      key: 'loan',
      label: i18n._('leaving.settlement.loanOwed'),
      amount: s.loan_owed,
      isTaken: true,
    },
    {
      key: 'fines',
      label: i18n._('leaving.settlement.finesOwed'),
      amount: s.fines_owed,
      isTaken: true,
    },
    {
      key: 'held',
      label: i18n._('leaving.settlement.held'),
      amount: s.held_for_guarantees,
      isTaken: true,
      hint: s.held_for_guarantees > 0 ? i18n._('leaving.settlement.heldHint') : undefined,
    },
  ];
  return (
    <section aria-labelledby="leaving-settlement" className={card}>
      <div>
        <h2 id="leaving-settlement" className="text-lg font-bold text-slate-900">
          {i18n._('leaving.settlement.title')}
        </h2>
        <p className="text-sm text-slate-600">
          {i18n._('leaving.settlement.asOf', { date: formatDate(s.as_of) })}
        </p>
      </div>
      <Sum
        lines={lines}
        total={{ key: 'payout', label: i18n._('leaving.settlement.payout'), amount: s.payout }}
      />
      {s.dues_unpaid > 0 && (
        <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-800">
          {i18n._('leaving.settlement.duesUnpaid', {
            amount: aed(s.dues_unpaid),
            count: s.dues_unpaid_months,
          })}
        </p>
      )}
      {s.shortfall > 0 && (
        <p className="rounded-xl border border-red-200 bg-red-50 p-3 font-medium text-red-900">
          {i18n._('leaving.settlement.shortfall', { amount: aed(s.shortfall) })}
        </p>
      )}
      {s.blockers.length > 0 && (
        <div className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-amber-950">
          <h3 id="leaving-blockers" className="font-semibold">
            {i18n._('leaving.settlement.blockersTitle')}
          </h3>
          <ul aria-labelledby="leaving-blockers" className="mt-1 list-disc ps-5 text-sm">
            {s.blockers.map((blocker) => (
              <li key={blocker} className="mt-1">
                {blocker}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="text-sm text-slate-600">{i18n._('leaving.settlement.note')}</p>
    </section>
  );
}

/** What the payout settled, as the clearance letter says it. */
export function SettledFigures({ settled: s }: { settled: Settled }) {
  const i18n = useTexts();
  const lines: Line[] = [
    { key: 'savings', label: i18n._('leaving.settled.savings'), amount: s.savings },
    ...(s.share_out > 0
      ? [{ key: 'share', label: i18n._('leaving.settled.shareOut'), amount: s.share_out }]
      : []),
    {
      key: 'loan',
      label: i18n._('leaving.settled.loanRepaid'),
      amount: s.loan_repaid,
      isTaken: true,
    },
    {
      key: 'fines',
      label: i18n._('leaving.settled.finesPaid'),
      amount: s.fines_paid,
      isTaken: true,
    },
    ...(s.held > 0
      ? [{ key: 'held', label: i18n._('leaving.settled.held'), amount: s.held, isTaken: true }]
      : []),
  ];
  return (
    <section aria-labelledby="leaving-settled" className={card}>
      <h2 id="leaving-settled" className="text-lg font-bold text-slate-900">
        {i18n._('leaving.settled.title')}
      </h2>
      <Sum
        lines={lines}
        total={{ key: 'paid', label: i18n._('leaving.settled.paidOut'), amount: s.paid_out }}
      />
      {s.dues_closed > 0 && (
        <p className="text-sm text-slate-700">
          {i18n._('leaving.settled.duesClosed', { amount: aed(s.dues_closed) })}
        </p>
      )}
    </section>
  );
}
