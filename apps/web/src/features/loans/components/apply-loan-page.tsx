import { useMemo } from 'react';
import type { EligibilityCode } from '@jamiya/contracts/values';
import { tryParseAed } from '@jamiya/money/fils';
import { useTexts } from '../../../lib/i18n.tsx';
import { APPLY_OPEN_LOAN_TEXTS } from '../texts.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { Link } from 'react-router';
import { currentLoan, useMyLoans } from '../../../api/get-my-loans.ts';
import { useProfile } from '../../../api/get-profile.ts';
import { useSettings } from '../../../api/get-settings.ts';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/messages.ts';
import { policyFor, policyInFils } from '../lib/loan-terms.ts';
import { useEligibility } from '../api/get-eligibility.ts';
import { EligibilityNotice } from './eligibility-notice.tsx';
import { LoanApplicationForm } from './loan-application-form.tsx';

const OPEN_STATES = ['pending', 'approved', 'active'] as const;
type OpenState = (typeof OPEN_STATES)[number];
const isOpenState = (state: string): state is OpenState =>
  (OPEN_STATES as readonly string[]).includes(state);

/**
 * /user/apply-loan: the loan application of docs/product.md 10.2, on the policy of GET
 * /api/settings and within what the member may borrow (GET /api/my-loans/eligibility).
 */
export function ApplyLoanPage() {
  const i18n = useTexts();
  const settings = useSettings();
  const profile = useProfile();
  const loans = useMyLoans();
  const eligibility = useEligibility();
  const policy = useMemo(
    () => (settings.data ? policyInFils(settings.data.loan_policy) : null),
    [settings.data],
  );
  const maxAmountFils = eligibility.data ? (tryParseAed(eligibility.data.max_amount) ?? 0) : 0;
  const ownPolicy = useMemo(
    () => (policy && eligibility.data?.eligible ? policyFor(policy, maxAmountFils) : null),
    [policy, eligibility.data?.eligible, maxAmountFils],
  );
  const freeSavingsFils = eligibility.data ? (tryParseAed(eligibility.data.free_savings) ?? 0) : 0;

  const isInactive = profile.data?.userData.status === 0;
  const loan = currentLoan(loans.data?.items);
  const openState = loan && isOpenState(loan.state) ? loan.state : null;
  const toldElsewhere: EligibilityCode[] = [
    ...(isInactive ? (['inactive'] as const) : []),
    ...(openState ? (['open_loan'] as const) : []),
  ];
  const isBlocked = isInactive || openState !== null || !ownPolicy;

  return (
    <div className="flex flex-col gap-4">
      <PageTitle>{i18n._('loans.apply.title')}</PageTitle>
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{i18n._('loans.apply.title')}</h1>
        <p className="mt-1 text-slate-700">{i18n._('loans.apply.intro')}</p>
      </div>

      {isInactive && (
        <div
          role="alert"
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
        >
          <p className="font-semibold">{i18n._('loans.apply.inactive.title')}</p>
          <p className="text-sm">{i18n._('loans.apply.inactive.body')}</p>
        </div>
      )}
      {openState && (
        <div
          role="status"
          className="flex flex-col gap-2 rounded-xl border border-brand-600 bg-brand-50 p-4 text-brand-900 sm:flex-row sm:items-center sm:justify-between"
        >
          <div>
            <p className="font-semibold">{i18n._('loans.apply.openLoan.title')}</p>
            <p className="text-sm">{i18n._(APPLY_OPEN_LOAN_TEXTS[openState]!)}</p>
          </div>
          <Link
            to="/user/my-loan"
            className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            {i18n._('loans.apply.openLoan.link')}
          </Link>
        </div>
      )}

      {/* The notices above depend on the loans and the eligibility: wait for them too, so the
          form is not pushed down once it is drawn (layout shift). */}
      {settings.isPending || loans.isPending || eligibility.isPending ? (
        <Spinner />
      ) : settings.isError || !policy ? (
        <ErrorState
          message={errorMessage(settings.error)}
          onRetry={() => void settings.refetch()}
        />
      ) : eligibility.isError ? (
        <ErrorState
          message={errorMessage(eligibility.error)}
          onRetry={() => void eligibility.refetch()}
        />
      ) : (
        <>
          <EligibilityNotice eligibility={eligibility.data} toldElsewhere={toldElsewhere} />
          <LoanApplicationForm
            // Not eligible, the form shows the policy's range, and cannot be sent.
            policy={ownPolicy ?? policy}
            freeSavingsFils={freeSavingsFils}
            interestRatePercent={settings.data.loan_policy.interest_rate_percent}
            termsText={settings.data.terms_text}
            termsLanguage={settings.data.texts_in.terms_text}
            blockedReason={isBlocked ? i18n._('loans.apply.blocked') : undefined}
          />
        </>
      )}
    </div>
  );
}
