import { lazy, Suspense, useMemo, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useSearchParams } from 'react-router';
import { useTexts } from '../../../lib/i18n.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useAccountData, type AccountData } from '../../../api/get-account-data.ts';
import { currentLoan, useMyLoans } from '../../../api/get-my-loans.ts';
import { useMyPayments } from '../../../api/get-my-payments.ts';
import { useSettings } from '../../../api/get-settings.ts';
import { Button } from '../../../components/button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { aed } from '../../../lib/format.ts';
import { errorMessage } from '../../../lib/messages.ts';
import type { MonthlyRow } from '../lib/fines.ts';
import { payableMonths } from '../lib/months.ts';
import { BalanceCards } from './balance-cards.tsx';
import { FirstLoanBanner } from './first-loan-banner.tsx';
import type { MonthlyPaymentDefaults } from './monthly-payment-modal.tsx';
import { useAfterPagePaint } from '../../../lib/use-after-page-paint.ts';
import { MonthlyRowList } from './monthly-rows.tsx';
import { PaymentHistory } from './payment-history.tsx';
import { PaymentInstructions } from './payment-instructions.tsx';
import { WaitingPayments } from './waiting-payments.tsx';
import { useWaitingPayments } from '../../../api/waiting-payments.ts';

type OpenModal = { kind: 'dues' | 'loan'; row?: MonthlyRow | undefined } | null;

// The payment forms (and the form library under them, about 16 KB) come once the page has
// painted, before a member can tap "Pay": what the page shows first waits for less code. A
// failed load is kept by its lazy component, so "Try again" makes new ones. The repayment form
// comes only for a member with a loan to repay (or a link that asks for it).
const paymentModals = () => ({
  Monthly: lazy(() =>
    import('./monthly-payment-modal.tsx').then((m) => ({ default: m.MonthlyPaymentModal })),
  ),
  Loan: lazy(() =>
    import('./loan-payment-modal.tsx').then((m) => ({ default: m.LoanPaymentModal })),
  ),
});

// ?repay=loan: My Loan's "Repay loan" opens the repayment form here, where the payment forms
// live (features do not import each other).
const REPAY_PARAM = 'repay';

/** /user/monthly-pay: balances, the first-loan banner, the monthly dues and the payment modals. */
export function MonthlyPayPage() {
  const i18n = useTexts();
  const account = useAccountData();
  const loans = useMyLoans();
  const settings = useSettings();
  const payments = useMyPayments();
  const waiting = useWaitingPayments();
  const waitingPeriods = new Set(waiting.data?.flatMap((p) => (p.period ? [p.period] : [])));
  const [searchParams, setSearchParams] = useSearchParams();
  const hasPagePainted = useAfterPagePaint();
  const [modals, setModals] = useState(paymentModals);
  // Made once per answer: the form's checks are built from it.
  const payable = useMemo(() => account.data && payableMonths(account.data), [account.data]);
  const [open, setOpen] = useState<OpenModal>(() =>
    searchParams.get(REPAY_PARAM) === 'loan' ? { kind: 'loan' } : null,
  );
  const close = () => {
    setOpen(null);
    // Not opened again by a reload or by coming back to the page.
    if (searchParams.has(REPAY_PARAM))
      setSearchParams(
        (params) => {
          params.delete(REPAY_PARAM);
          return params;
        },
        { replace: true },
      );
  };

  const loan = currentLoan(loans.data?.items);
  const activeLoan = loan?.state === 'active' ? loan : undefined;
  // The account paid from rarely changes: offer the one of the last receipt.
  const lastAccountNumber =
    payments.data?.items.find((p) => p.account_number)?.account_number ?? '';

  let content;
  // Wait for the loans and settings too: the loan banner and the Repay button they decide
  // would otherwise push the list down after it is drawn (layout shift).
  if (account.isPending || loans.isPending || settings.isPending) content = <Spinner />;
  else if (account.isError && account.error instanceof ApiError && account.error.status === 404)
    content = <EmptyState title={i18n._('common.noAccountData')} />;
  else if (account.isError)
    content = (
      <ErrorState message={errorMessage(account.error)} onRetry={() => void account.refetch()} />
    );
  else
    content = (
      <>
        <BalanceCards account={account.data} />
        {loans.data && settings.data && (
          <FirstLoanBanner loans={loans.data.items} settings={settings.data} />
        )}
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button onClick={() => setOpen({ kind: 'dues' })}>{i18n._('dues.actions.payDue')}</Button>
          {activeLoan && (
            <Button variant="secondary" onClick={() => setOpen({ kind: 'loan' })}>
              {i18n._('dues.actions.repayLoan')}
            </Button>
          )}
        </div>
        {/* The spec's "payment credit note", said as it is true here. */}
        <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
          {i18n._('dues.form.creditNote')}
        </p>
        <WaitingPayments />
        <PaymentInstructions memberId={account.data.owner_data.unique_id} />
        {/* Pay Now (this month) and Pay (an earlier month) both pay that month's due. */}
        <MonthlyRowList
          rows={account.data.monthlyPaymentData}
          waitingPeriods={waitingPeriods}
          duesRules={settings.data?.dues_rules}
          onPayNow={(row) => setOpen({ kind: 'dues', row })}
          onPayDue={(row) => setOpen({ kind: 'dues', row })}
        />
        <PaymentHistory />
      </>
    );

  return (
    <div className="flex flex-col gap-6">
      <PageTitle>{i18n._('dues.title')}</PageTitle>
      <div>
        <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">{i18n._('dues.title')}</h1>
        <p className="mt-1 text-slate-700">{i18n._('dues.subtitle')}</p>
      </div>
      {content}
      {(hasPagePainted || open) && (
        <ErrorBoundary
          fallbackRender={({ resetErrorBoundary }) => <ErrorState onRetry={resetErrorBoundary} />}
          onReset={() => {
            close();
            setModals(paymentModals());
          }}
        >
          <Suspense fallback={null}>
            {account.data && (
              <modals.Monthly
                isOpen={open?.kind === 'dues'}
                onClose={close}
                defaults={duesDefaults(account.data, open?.row, lastAccountNumber, payable)}
              />
            )}
            {(activeLoan || open?.kind === 'loan') && (
              <modals.Loan
                isOpen={open?.kind === 'loan'}
                onClose={close}
                activeLoan={activeLoan}
                loansStatus={loans.status}
                accountNumber={lastAccountNumber}
                memberId={account.data?.owner_data.unique_id}
              />
            )}
          </Suspense>
        </ErrorBoundary>
      )}
    </div>
  );
}

function duesDefaults(
  account: AccountData,
  row: MonthlyRow | undefined,
  accountNumber: string,
  months: MonthlyPaymentDefaults['months'],
): MonthlyPaymentDefaults {
  return {
    month: row?.period,
    // What is left of the month (all of it unless part paid). JSON amounts have at most two
    // decimals, so their shortest text is exact.
    amount: String(row ? row.remaining : account.monthly_due),
    accountNumber,
    monthlyDueText: aed(account.monthly_due),
    months,
    memberId: account.owner_data.unique_id,
  };
}
