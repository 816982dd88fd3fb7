import { useTexts } from '../../../lib/i18n.tsx';
import { Link } from 'react-router';
import { currentLoan, useMyLoans, type Loan } from '../../../api/get-my-loans.ts';
import { useSettings } from '../../../api/get-settings.ts';
import { useProfile } from '../../../api/get-profile.ts';
import { aed } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';

const linkClass =
  'inline-flex min-h-11 items-center justify-center rounded-lg py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/**
 * The Active Loan banner of docs/product.md 10.2. It leads to /user/apply-loan as the spec says;
 * a member with an open loan sees that loan instead, with the application page still linked.
 */
export function ActiveLoanBanner() {
  const i18n = useTexts();
  const loans = useMyLoans();
  const settings = useSettings();
  // A member who left borrows no more: their account is read-only (docs/domain/leaving.md).
  if (useProfile().data?.userData.left_on) return null;

  // Both decide its text (and so its height): shown when both are known, so nothing below moves.
  if (loans.isPending || settings.isPending) {
    return <div className="h-44 animate-pulse-late rounded-2xl bg-brand-100 md:h-40" aria-hidden />;
  }
  const loan = currentLoan(loans.data?.items);
  const openLoan =
    loan && ['pending', 'approved', 'active'].includes(loan.state) ? loan : undefined;
  const policy = settings.data?.loan_policy;

  return (
    <section
      aria-labelledby="loan-banner-title"
      className="relative flex min-h-44 items-center gap-4 overflow-hidden rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 p-5 text-white shadow-sm md:min-h-40 md:p-6 rtl:bg-gradient-to-bl"
    >
      <div className="relative z-10 flex min-w-0 flex-1 flex-col gap-2">
        <p className="text-xs font-semibold tracking-wide text-brand-100 uppercase">
          {i18n._('home.loanBanner.eyebrow')}
        </p>
        {openLoan ? (
          <OpenLoanText loan={openLoan} />
        ) : (
          <>
            <h2 id="loan-banner-title" className="text-xl font-bold">
              {i18n._('home.loanBanner.applyTitle')}
            </h2>
            <p className="text-sm text-brand-50">
              {policy
                ? i18n._('home.loanBanner.applyBody', {
                    min: aed(policy.minimum),
                    max: aed(policy.maximum),
                    rate: policy.interest_rate_percent,
                  })
                : i18n._('home.loanBanner.applyBodyShort')}
            </p>
          </>
        )}
        <div className="mt-1 flex flex-wrap items-center gap-2">
          {openLoan ? (
            <>
              <Link
                to="/user/my-loan"
                className={`${linkClass} bg-white px-4 text-brand-800 hover:bg-brand-50`}
              >
                {i18n._('home.loanBanner.seeLoan')}
              </Link>
              <Link
                to="/user/apply-loan"
                className={`${linkClass} px-1 text-white underline underline-offset-2 hover:bg-white/10`}
              >
                {i18n._('home.loanBanner.applyLink')}
              </Link>
            </>
          ) : (
            <Link
              to="/user/apply-loan"
              className={`${linkClass} bg-white px-4 text-brand-800 hover:bg-brand-50`}
            >
              {i18n._('home.loanBanner.apply')}
            </Link>
          )}
        </div>
      </div>
      <LoanIllustration className="h-auto w-20 shrink-0 self-start sm:w-28 md:w-36 md:self-center" />
    </section>
  );
}

function OpenLoanText({ loan }: { loan: Loan }) {
  const i18n = useTexts();
  if (loan.state === 'active') {
    return (
      <>
        <h2 id="loan-banner-title" className="text-xl font-bold">
          {i18n._('home.loanBanner.activeTitle')}
        </h2>
        <p className="text-sm text-brand-50">
          {i18n._('home.loanBanner.activeBody', {
            remaining: aed(loan.remaining_amount),
            total: aed(loan.total_amount_with_interest),
          })}
        </p>
        {loan.next_installment && (
          <p className="text-sm text-brand-50">
            {i18n._('home.loanBanner.nextInstallment', {
              amount: aed(loan.next_installment.amount),
              date: formatDate(loan.next_installment.due_date),
            })}
          </p>
        )}
      </>
    );
  }
  return (
    <>
      <h2 id="loan-banner-title" className="text-xl font-bold">
        {loan.state === 'approved'
          ? i18n._('home.loanBanner.approvedTitle')
          : i18n._('home.loanBanner.pendingTitle')}
      </h2>
      <p className="text-sm text-brand-50">
        {i18n._(
          loan.state === 'approved'
            ? /*i18n*/ 'home.loanBanner.approvedBody'
            : /*i18n*/ 'home.loanBanner.pendingBody',
          {
            amount: aed(loan.loan_amount),
            count: loan.duration_month,
          },
        )}
      </p>
    </>
  );
}

/** Coins and a banknote, drawn inline: nothing extra to download on a cheap phone. */
function LoanIllustration({ className = '' }: { className?: string }) {
  return (
    <svg width={120} height={100} viewBox="0 0 120 100" aria-hidden className={className}>
      <circle cx="78" cy="46" r="44" fill="#ffffff" opacity="0.08" />
      <rect
        x="14"
        y="30"
        width="72"
        height="42"
        rx="6"
        fill="#ccfbf1"
        transform="rotate(-10 50 51)"
      />
      <rect
        x="20"
        y="36"
        width="60"
        height="30"
        rx="4"
        fill="none"
        stroke="#0f766e"
        strokeWidth="2"
        transform="rotate(-10 50 51)"
      />
      <circle cx="50" cy="51" r="9" fill="#0f766e" opacity="0.85" />
      <circle cx="50" cy="51" r="4" fill="#ccfbf1" />
      <g>
        <ellipse cx="92" cy="82" rx="18" ry="6" fill="#f59e0b" />
        <rect x="74" y="70" width="36" height="12" fill="#f59e0b" />
        <ellipse cx="92" cy="70" rx="18" ry="6" fill="#fbbf24" />
        <ellipse cx="92" cy="64" rx="18" ry="6" fill="#f59e0b" />
        <rect x="74" y="58" width="36" height="6" fill="#f59e0b" />
        <ellipse cx="92" cy="58" rx="18" ry="6" fill="#fcd34d" />
      </g>
    </svg>
  );
}
