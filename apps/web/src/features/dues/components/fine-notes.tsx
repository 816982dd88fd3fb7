import { useId } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { NeedsNetwork } from '../../../components/needs-network.tsx';
import { aed, aedFils } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';
import { toastError, toastSuccess } from '../../../lib/messages.ts';
import { useIsOnline } from '../../../lib/use-is-online.ts';
import { useSaySalaryLate } from '../api/say-salary-late.ts';
import type { AccountData } from '../../../api/get-account-data.ts';
import { fineForFils, isUnpaid, maySaySalaryLate, type DuesRules } from '../lib/fines.ts';

type MonthlyRow = AccountData['monthlyPaymentData'][number];

/** A month's late fine as charged, and what of it was waived (docs/domain/dues.md). */
export function FineLines({ row }: { row: MonthlyRow }) {
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

/**
 * Under a month still unpaid that a fine may fall on: when and how much, and "My salary is
 * late" while the member may still say so, or the day they did.
 */
export function FineWarning({
  row,
  month,
  rules,
  today,
}: {
  row: MonthlyRow;
  month: string;
  /** The association's dues rules, once the settings have come. */
  rules: DuesRules | undefined;
  /** Today in Dubai, YYYY-MM-DD. */
  today: string;
}) {
  const i18n = useTexts();
  if (!isUnpaid(row) || row.fine_on === null) return null;
  const date = formatDate(row.fine_on);
  return (
    <div className="flex w-full flex-col gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 lg:col-span-3 lg:col-start-2">
      <p>
        {rules
          ? i18n._('dues.fine.warning', { amount: aedFils(fineForFils(row.amount, rules)), date })
          : i18n._('dues.fine.warningOn', { date })}
      </p>
      {row.salary_late_on !== null ? (
        <p className="font-medium">
          {i18n._('dues.fine.salaryLateNoted', { date: formatDate(row.salary_late_on) })}
        </p>
      ) : (
        maySaySalaryLate(row, today) && (
          <SalaryLateButton period={row.period} month={month} graceDays={rules?.grace_days} />
        )
      )}
    </div>
  );
}

function SalaryLateButton({
  period,
  month,
  graceDays,
}: {
  period: string;
  month: string;
  graceDays: number | undefined;
}) {
  const i18n = useTexts();
  const isOnline = useIsOnline();
  const say = useSaySalaryLate();
  const hintId = useId();

  const onClick = async () => {
    try {
      const res = await say.mutateAsync({ period });
      toastSuccess(res.message);
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <div className="flex flex-col items-start gap-2">
      {graceDays !== undefined && (
        <p id={hintId}>{i18n._('dues.fine.salaryLateHint', { count: graceDays })}</p>
      )}
      <Button
        variant="secondary"
        className="text-start"
        aria-label={i18n._('dues.fine.salaryLateFor', { month })}
        aria-describedby={graceDays !== undefined ? hintId : undefined}
        disabled={!isOnline}
        isBusy={say.isPending}
        onClick={() => void onClick()}
      >
        {i18n._('dues.fine.salaryLate')}
      </Button>
      <NeedsNetwork />
    </div>
  );
}
