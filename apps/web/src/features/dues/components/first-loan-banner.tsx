import { Trans, useTexts } from '../../../lib/i18n.tsx';
import { Link } from 'react-router';
import type { Loan } from '../../../api/get-my-loans.ts';
import type { PublicSettings } from '@jamiya/contracts/settings';
import { aed } from '../../../lib/format.ts';

const OPEN_STATES: readonly Loan['state'][] = ['pending', 'approved', 'active'];
// A loan the member actually received; a rejected or withdrawn application does not count.
const RECEIVED_STATES: readonly Loan['state'][] = ['active', 'closed', 'written_off'];

/**
 * The spec's 'Get your 1st Loan 1,000 AED', with the amount of the loan policy. Only shown
 * while the member could apply: never beside an open loan (one open loan per member).
 */
export function FirstLoanBanner({ loans, settings }: { loans: Loan[]; settings: PublicSettings }) {
  const i18n = useTexts();
  if (loans.some((loan) => OPEN_STATES.includes(loan.state))) return null;
  const isFirst = !loans.some((loan) => RECEIVED_STATES.includes(loan.state));
  return (
    <Link
      to="/user/apply-loan"
      className="group flex items-center justify-between gap-4 rounded-2xl bg-gradient-to-r from-brand-800 to-brand-600 p-4 text-white shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 md:p-5 rtl:bg-gradient-to-l"
    >
      <span className="flex flex-col gap-1">
        <span className="text-lg font-semibold md:text-xl">
          <Trans
            text={
              isFirst
                ? i18n._('dues.banner.first', { amount: aed(settings.loan_policy.default) })
                : i18n._('dues.banner.next', { amount: aed(settings.loan_policy.default) })
            }
            components={{
              amount: <span className="block text-2xl font-extrabold tabular-nums md:text-3xl" />,
            }}
          />
        </span>
        <span className="text-sm text-brand-50 underline-offset-2 group-hover:underline">
          {i18n._('dues.banner.cta')}
        </span>
      </span>
      <span
        aria-hidden
        className="grid size-11 shrink-0 place-items-center rounded-full bg-white/15"
      >
        <svg
          width={24}
          height={24}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
          className="size-6 rtl:-scale-x-100"
        >
          <path d="m9 18 6-6-6-6" />
        </svg>
      </span>
    </Link>
  );
}
