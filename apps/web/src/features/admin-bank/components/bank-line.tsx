import type { ReactNode } from 'react';
import type { BankLine, CashEntry } from '@jamiya/contracts/bank';
import { useTexts } from '../../../lib/i18n.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { aed } from '../../../lib/format.ts';
import { entryWhat } from '../lib/describe.ts';

/** A line of the bank: its day, its amount (money in with +, out with −), its text as written. */
export function LineSummary({ line, children }: { line: BankLine; children?: ReactNode }) {
  const i18n = useTexts();
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span
          className={`text-lg font-extrabold tabular-nums ${line.amount < 0 ? 'text-red-800' : 'text-green-800'}`}
        >
          {aed(line.amount, { signed: true })}
        </span>
        <span className="text-sm text-slate-700">{formatDate(line.booked_on)}</span>
        {children}
      </p>
      <p className="text-sm break-words text-slate-900">
        <span className="sr-only">{i18n._('admin-bank.line.text')} </span>
        <bdi>{line.text}</bdi>
      </p>
      {line.bank_ref && (
        <p className="text-xs break-all text-slate-600">
          {i18n._('admin-bank.line.bankRef', { ref: line.bank_ref })}
        </p>
      )}
    </div>
  );
}

/** A movement of cash in the books: what it is, whose, its day and amount. */
export function EntrySummary({ entry }: { entry: CashEntry }) {
  const i18n = useTexts();
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span
          className={`text-lg font-extrabold tabular-nums ${entry.amount < 0 ? 'text-red-800' : 'text-green-800'}`}
        >
          {aed(entry.amount, { signed: true })}
        </span>
        <span className="text-sm text-slate-700">{formatDate(entry.occurred_on)}</span>
      </p>
      <p className="text-sm break-words text-slate-900">
        {entryWhat(i18n, entry)}
        {entry.member && (
          <>
            {' · '}
            <bdi>{entry.member.name}</bdi>{' '}
            <span className="text-slate-600" dir="ltr">
              ({entry.member.unique_id})
            </span>
          </>
        )}
      </p>
    </div>
  );
}
