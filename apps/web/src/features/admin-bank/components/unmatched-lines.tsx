import type { BankStatementDetail } from '@jamiya/contracts/bank';
import { useTexts } from '../../../lib/i18n.tsx';
import { card } from '../../../components/styles.ts';
import { useStatementPart } from '../api/statement-parts.ts';
import { LineOutcome, useLineOutcome } from './line-outcome.tsx';
import { OpenLines } from './open-lines.tsx';
import { PartMore } from './part-more.tsx';

/**
 * Money the bank received that matches no receipt: each line is assigned to a member's month or
 * loan (a dialog), which records the payment, or, with two admins, proposes it to the second;
 * linked by hand to the receipt or payment it is; or, when it is no member's money, booked to
 * an account. A line already proposed shows the proposal, which another admin confirms here.
 */
export function UnmatchedLines({ detail }: { detail: BankStatementDetail }) {
  const i18n = useTexts();
  const credits = useStatementPart(detail, 'credits');
  const [said, say] = useLineOutcome();
  return (
    <section aria-labelledby="bank-unmatched" className={`${card} flex flex-col gap-3`}>
      <div className="flex flex-col gap-1">
        <h2
          id="bank-unmatched"
          tabIndex={-1}
          className="text-lg font-bold text-slate-900 focus:outline-none"
        >
          {i18n._('admin-bank.unmatched.title', { count: credits.total })}
        </h2>
        <p className="text-sm text-slate-700">{i18n._('admin-bank.unmatched.intro')}</p>
        <p className="text-sm text-slate-700">{i18n._('admin-bank.unmatched.introMore')}</p>
      </div>
      <LineOutcome id="bank-assigned" said={said} />
      {credits.total === 0 ? (
        <p className="rounded-xl bg-slate-100 p-3 text-slate-800">
          {i18n._('admin-bank.unmatched.none')}
        </p>
      ) : (
        <>
          <OpenLines lines={credits.items} onDone={say} />
          <PartMore part={credits} />
        </>
      )}
    </section>
  );
}
