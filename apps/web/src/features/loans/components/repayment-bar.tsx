import { numbersLocale } from '../../../lib/format.ts';
import { useTexts } from '../../../lib/i18n.tsx';
import { tryParseAed } from '@jamiya/money/fils';
import { aed } from '../../../lib/format.ts';

/** Paid of total as a bar (the spec's fixed 523 of 1,000 made real). */
export function RepaymentBar({ paid, total }: { paid: number; total: number }) {
  const i18n = useTexts();
  const paidFils = tryParseAed(paid) ?? 0;
  const totalFils = tryParseAed(total) ?? 0;
  // Tenths of a percent from integer fils, rounded down so "100 %" only shows when all is paid.
  const tenths = totalFils > 0 ? Math.min(1000, Math.floor((paidFils * 1000) / totalFils)) : 0;
  const percent = new Intl.NumberFormat(numbersLocale(), { maximumFractionDigits: 1 }).format(
    tenths / 10,
  );
  const text = i18n._('loans.myLoan.repaidOf', { paid: aed(paid), total: aed(total), percent });
  return (
    <div className="flex flex-col gap-1.5">
      <span id="repayment-label" className="text-sm font-medium text-slate-800">
        {i18n._('loans.myLoan.repayment')}
      </span>
      <div
        role="progressbar"
        aria-labelledby="repayment-label"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={paid}
        aria-valuetext={text}
        className="h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${tenths / 10}%` }} />
      </div>
      <p className="text-sm text-slate-700 tabular-nums">{text}</p>
    </div>
  );
}
