import { ELIGIBILITY_INFORMATION, type EligibilityCode } from '@jamiya/contracts/values';
import { useTexts } from '../../../lib/i18n.tsx';
import type { LoanEligibility } from '../api/get-eligibility.ts';

/**
 * Why the member may not borrow now, or not more than their own maximum, in the server's words
 * (already in the reader's language). Reasons another notice of the page already gives (an
 * inactive membership, an open loan) are left to it.
 */
export function EligibilityNotice({
  eligibility,
  toldElsewhere,
}: {
  eligibility: LoanEligibility;
  toldElsewhere: readonly EligibilityCode[];
}) {
  const i18n = useTexts();
  const reasons = eligibility.reasons.filter((r) => !toldElsewhere.includes(r.code));

  if (!eligibility.eligible) {
    // What stops the member; an amount they could borrow is no reason not to.
    const stops = reasons.filter((r) => !ELIGIBILITY_INFORMATION.includes(r.code));
    // Nothing to add when the notices above say it all.
    if (stops.length === 0 && eligibility.reasons.length > 0) return null;
    return (
      <div
        role="alert"
        className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
      >
        <p className="font-semibold">{i18n._('loans.apply.eligibility.notEligible')}</p>
        <Reasons reasons={stops} />
      </div>
    );
  }
  if (reasons.length === 0) return null;
  return (
    <div role="status" className="rounded-xl border border-sky-200 bg-sky-50 p-4 text-sky-950">
      <p className="font-semibold">{i18n._('loans.apply.eligibility.limit')}</p>
      <Reasons reasons={reasons} />
    </div>
  );
}

function Reasons({ reasons }: { reasons: LoanEligibility['reasons'] }) {
  if (reasons.length === 0) return null;
  return (
    <ul className="mt-1 flex list-disc flex-col gap-1 ps-5 text-sm">
      {reasons.map((reason) => (
        <li key={reason.code}>{reason.message}</li>
      ))}
    </ul>
  );
}
