import type { BankStatementDetail } from '@jamiya/contracts/bank';
import { useTexts } from '../../../lib/i18n.tsx';
import { card } from '../../../components/styles.ts';
import { EntrySummary } from './bank-line.tsx';
import { useStatementPart } from '../api/statement-parts.ts';
import { LineOutcome, useLineOutcome } from './line-outcome.tsx';
import { OpenLines } from './open-lines.tsx';
import { PartMore } from './part-more.tsx';

/**
 * The payouts and the other movements of cash: money out of the bank the books do not show
 * (a bank charge is booked to an account here), and movements of the books (a loan paid out, a
 * due approved from its photo) the statement does not hold. Those that match are among the
 * matches, approved with them.
 */
export function OtherMovements({ detail }: { detail: BankStatementDetail }) {
  const i18n = useTexts();
  const debits = useStatementPart(detail, 'debits');
  const entries = useStatementPart(detail, 'entries');
  const { matched_out: payoutsMatched, linked_out: payoutsLinked } = detail.counts;
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
      {debits.total === 0 && entries.total === 0 ? (
        <p className="rounded-xl bg-slate-100 p-3 text-slate-800">
          {i18n._('admin-bank.other.none')}
        </p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {debits.total > 0 && (
            <div className="flex flex-col gap-2">
              <h3 className="font-bold text-slate-900">
                {i18n._('admin-bank.other.notInBooks', { count: debits.total })}
              </h3>
              <OpenLines
                lines={debits.items}
                onDone={say}
                itemClassName="border-red-200 bg-red-50"
              />
              <PartMore part={debits} />
            </div>
          )}
          {entries.total > 0 && (
            <div className="flex flex-col gap-2">
              <h3 className="font-bold text-slate-900">
                {i18n._('admin-bank.other.notInBank', { count: entries.total })}
              </h3>
              <ul className="flex flex-col gap-2">
                {entries.items.map((e) => (
                  <li key={e.id} className="rounded-xl border border-amber-300 bg-amber-50 p-3">
                    <EntrySummary entry={e} />
                  </li>
                ))}
              </ul>
              <PartMore part={entries} />
            </div>
          )}
        </div>
      )}
    </section>
  );
}
