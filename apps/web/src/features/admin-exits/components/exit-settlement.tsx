// The figures of an exit's card: what the payout would pay today, and what it settled.
import { useId } from 'react';
import type { ExitSettlement } from '@jamiya/contracts/exits';
import { useTexts } from '../../../lib/i18n.tsx';
import { aed } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';
import type { AdminExit } from '../../../api/exits.ts';
import { SETTLED_TEXTS, SETTLEMENT_TEXTS } from '../texts.ts';

type Sign = '+' | '−' | '=' | '';

/** A line of figures: its sign (shown, the words say it too), its label and its amount. */
function Line({
  sign,
  label,
  amount,
  isTotal = false,
  isAlert = false,
}: {
  sign: Sign;
  label: string;
  amount: number;
  isTotal?: boolean;
  isAlert?: boolean;
}) {
  return (
    <div
      className={`flex flex-wrap items-baseline justify-between gap-x-3 py-1.5 ${isTotal ? 'border-t-2 border-slate-300 font-extrabold' : ''} ${isAlert ? 'text-red-800' : 'text-slate-900'}`}
    >
      <dt className={isTotal ? '' : 'text-slate-700'}>
        <span aria-hidden className="inline-block w-4 text-center">
          {sign}
        </span>{' '}
        {label}
      </dt>
      <dd className="ms-auto text-end font-bold whitespace-nowrap tabular-nums">{aed(amount)}</dd>
    </div>
  );
}

/** What the payout would pay today, line by line, and why it cannot be made yet. */
export function SettlementFigures({
  settlement: s,
  blockersId,
}: {
  settlement: ExitSettlement;
  blockersId: string;
}) {
  const i18n = useTexts();
  const titleId = useId();
  const label = (key: string) => i18n._(SETTLEMENT_TEXTS[key]!);
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2 rounded-xl bg-slate-50 p-3">
      <h4 id={titleId} className="font-bold text-slate-900">
        {i18n._('admin-exits.settlement.title', { date: formatDate(s.as_of) })}
      </h4>
      <dl className="flex flex-col sm:max-w-md">
        <Line sign="" label={label('savings')} amount={s.savings} />
        {s.share_out > 0 && <Line sign="+" label={label('share_out')} amount={s.share_out} />}
        <Line sign="−" label={label('loan_owed')} amount={s.loan_owed} />
        <Line sign="−" label={label('fines_owed')} amount={s.fines_owed} />
        {s.held_for_guarantees > 0 && (
          <Line sign="−" label={label('held_for_guarantees')} amount={s.held_for_guarantees} />
        )}
        <Line sign="=" label={label('payout')} amount={s.payout} isTotal />
        {s.shortfall > 0 && (
          <Line sign="" label={label('shortfall')} amount={s.shortfall} isAlert />
        )}
      </dl>
      {s.dues_unpaid > 0 && (
        <p className="text-sm text-slate-700">
          {i18n._('admin-exits.settlement.duesUnpaid', {
            count: s.dues_unpaid_months,
            amount: aed(s.dues_unpaid),
          })}
        </p>
      )}
      {s.held_for_guarantees > 0 && (
        <p className="text-sm text-slate-700">{i18n._('admin-exits.settlement.heldNote')}</p>
      )}
      {s.blockers.length > 0 && (
        <div
          id={blockersId}
          className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950"
        >
          <p className="font-semibold">{i18n._('admin-exits.settlement.blockersTitle')}</p>
          {/* The server's sentences, in the reader's language already. */}
          <ul className="ms-5 list-disc">
            {s.blockers.map((blocker) => (
              <li key={blocker}>{blocker}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** What the payout settled, as the clearance letter says it. */
export function SettledFigures({ settled }: { settled: NonNullable<AdminExit['settled']> }) {
  const i18n = useTexts();
  const titleId = useId();
  const keys = [
    'savings',
    'share_out',
    'loan_repaid',
    'fines_paid',
    'dues_closed',
    'paid_out',
    'held',
  ] as const;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <h4 id={titleId} className="font-bold text-slate-900">
        {i18n._('admin-exits.settled.title')}
      </h4>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-4">
        {keys.map((key) => (
          <div key={key} className="min-w-0">
            <dt className="text-sm text-slate-600">{i18n._(SETTLED_TEXTS[key]!)}</dt>
            <dd className="font-bold text-slate-900 tabular-nums">{aed(settled[key])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
