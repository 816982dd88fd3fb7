import { useId } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { NeedsNetwork } from '../../../components/needs-network.tsx';
import { aedFils } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';
import { toastError, toastSuccess } from '../../../lib/messages.ts';
import { useIsOnline } from '../../../lib/use-is-online.ts';
import { dubaiToday } from '../../../lib/today.ts';
import { useSaySalaryLate } from '../api/say-salary-late.ts';
import { parseAed } from '@jamiya/money/fils';
import { lateFineFils } from '@jamiya/money/fine';
import type { DuesRules, FinedRow } from '../lib/fines.ts';

// Loaded only for a month a fine may still fall on (mayBeFined, monthly-rows.tsx): most members'
// first session never needs it (e2e/specs/member-phone.spec.ts counts its bytes).

/**
 * Under a month still unpaid that a fine may fall on: when and how much, and "My salary is
 * late" while the member may still say so, or the day they did.
 */
export default function FineWarning({
  row,
  month,
  rules,
}: {
  row: FinedRow;
  month: string;
  /** The association's dues rules, once the settings have come. */
  rules: DuesRules | undefined;
}) {
  const i18n = useTexts();
  const date = formatDate(row.fine_on);
  // As the server charges it (docs/domain/dues.md).
  const fine =
    rules &&
    lateFineFils(parseAed(row.amount), {
      fineFils: parseAed(rules.fine_amount),
      finePercent: rules.fine_percent,
    });
  return (
    <div className="flex w-full flex-col gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 lg:col-span-3 lg:col-start-2">
      <p>
        {fine !== undefined
          ? i18n._('dues.fine.warning', { amount: aedFils(fine), date })
          : i18n._('dues.fine.warningOn', { date })}
      </p>
      {row.salary_late_on !== null ? (
        <p className="font-medium">
          {i18n._('dues.fine.salaryLateNoted', { date: formatDate(row.salary_late_on) })}
        </p>
      ) : (
        maySaySalaryLate(row) && (
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

/**
 * Whether the member may still say their salary is late for the month: once, before its fine
 * day. The server's days are Dubai's (YYYY-MM-DD), `fine_on` as today.
 */
const maySaySalaryLate = (row: FinedRow) =>
  row.salary_late_on === null && row.fine_on > dubaiToday();
