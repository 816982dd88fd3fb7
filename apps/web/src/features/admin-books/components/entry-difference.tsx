import type { Control } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import { aedFils } from '../../../lib/format.ts';
import { sums, type EntryFormInput, type EntryFormValues } from '../lib/entry-form.ts';

/**
 * The entry's debits and credits as they are typed, and what is left until they balance: an
 * entry is posted only once the difference is nothing.
 */
export function EntryDifference({
  control,
  isRefused,
}: {
  control: Control<EntryFormInput, unknown, EntryFormValues>;
  /** Sent while it did not balance: said as an error. */
  isRefused: boolean;
}) {
  const i18n = useTexts();
  const lines = useWatch({ control, name: 'lines' });
  const { debitsFils, creditsFils, differenceFils } = sums(lines);
  const isBalanced = differenceFils === 0 && debitsFils > 0;
  const tone = isBalanced
    ? 'border-green-300 bg-green-50 text-green-950'
    : isRefused
      ? 'border-red-300 bg-red-50 text-red-950'
      : 'border-amber-300 bg-amber-50 text-amber-950';
  return (
    <div className={`flex flex-col gap-1 rounded-xl border-2 p-3 ${tone}`}>
      <p className="flex flex-wrap gap-x-4 text-sm">
        <span>{i18n._('admin-books.entry.debits', { amount: aedFils(debitsFils) })}</span>
        <span>{i18n._('admin-books.entry.credits', { amount: aedFils(creditsFils) })}</span>
      </p>
      <p
        id="entry-difference"
        tabIndex={-1}
        role={isRefused && !isBalanced ? 'alert' : 'status'}
        className="font-bold focus:outline-none"
      >
        {isBalanced
          ? i18n._('admin-books.entry.balanced')
          : debitsFils === 0 && creditsFils === 0
            ? i18n._('admin-books.entry.nothingYet')
            : i18n._('admin-books.entry.difference', {
                amount: aedFils(Math.abs(differenceFils)),
              })}
      </p>
    </div>
  );
}
