import { useTexts } from '../../../lib/i18n.tsx';
import { aed } from '../../../lib/format.ts';
import type { AccountData } from '../../../api/get-account-data.ts';

export type MonthlyRow = AccountData['monthlyPaymentData'][number];

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
