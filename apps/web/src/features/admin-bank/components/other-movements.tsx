import type { BankStatementDetail } from '@jamiya/contracts/bank';
import { useTexts } from '../../../lib/i18n.tsx';
import { card } from '../../../components/styles.ts';
import { EntrySummary } from './bank-line.tsx';
import { LineOutcome, useLineOutcome } from './line-outcome.tsx';
import { OpenLines } from './open-lines.tsx';

/**
 * The payouts and the other movements of cash: money out of the bank the books do not show
 * (a bank charge is booked to an account here), and movements of the books (a loan paid out, a
 * due approved from its photo) the statement does not hold. Those that match are among the
 * matches, approved with them.
 */
export function OtherMovements({ detail }: { detail: BankStatementDetail }) {
  const i18n = useTexts();
  const debits = detail.unmatched_lines.filter((l) => l.amount < 0);
  const entries = detail.unmatched_entries;
  const payoutsMatched = detail.matched.filter((m) => m.line.amount < 0).length;
  const payoutsLinked = detail.linked.filter((l) => l.amount < 0).length;
  const [said, say] = useLineOutcome();
  return (
    <section aria-labelledby="bank-other" className={`${card} flex flex-col gap-3`}>
      <div>
        <h2 id="bank-other" className="text-lg font-bold text-slate-900">
          {i18n._('admin-bank.other.title')}
        </h2>
        <p className="text-sm text-slate-700">{i18n._('admin-bank.other.intro')}</p>
        {payoutsMatched + payoutsLinked > 0 && (
          <p className="text-sm font-medium text-slate-800">
            {i18n._('admin-bank.other.counts', { matched: payoutsMatched, linked: payoutsLinked })}
          </p>
        )}
      </div>
      <LineOutcome id="bank-other-done" said={said} />
      {debits.length === 0 && entries.length === 0 ? (
        <p className="rounded-xl bg-slate-100 p-3 text-slate-800">
          {i18n._('admin-bank.other.none')}
        </p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {debits.length > 0 && (
            <div className="flex flex-col gap-2">
              <h3 className="font-bold text-slate-900">
                {i18n._('admin-bank.other.notInBooks', { count: debits.length })}
              </h3>
              <OpenLines lines={debits} onDone={say} itemClassName="border-red-200 bg-red-50" />
            </div>
          )}
          {entries.length > 0 && (
            <div className="flex flex-col gap-2">
              <h3 className="font-bold text-slate-900">
                {i18n._('admin-bank.other.notInBank', { count: entries.length })}
              </h3>
              <ul className="flex flex-col gap-2">
                {entries.map((e) => (
                  <li key={e.id} className="rounded-xl border border-amber-300 bg-amber-50 p-3">
                    <EntrySummary entry={e} />
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
