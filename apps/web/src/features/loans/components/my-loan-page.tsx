import { useEffect, useState } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { LOAN_TYPES_TEXTS, MY_LOAN_TEXTS, STATES_TEXTS } from '../texts.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { Link } from 'react-router';
import { currentLoan, useMyLoans, type Loan } from '../../../api/get-my-loans.ts';
import { Button } from '../../../components/button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { aed } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/messages.ts';
import { LoanHistory } from './loan-history.tsx';
import { LoanSchedule } from './loan-schedule.tsx';
import { LoanStateBadge } from '../../../components/loan-state-badge.tsx';
import { RepaymentBar } from './repayment-bar.tsx';
import { preloadWithdrawal, WithdrawalPart } from './withdrawal-part.tsx';
import { useAfterPagePaint } from '../../../lib/use-after-page-paint.ts';
import { LoanGuarantors } from './loan-guarantors.tsx';
import { Figures } from '../../../components/figures.tsx';

const linkClass =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** /user/my-loan: the member's real loan (docs/product.md section 5), and earlier ones below. */
export function MyLoanPage() {
  const i18n = useTexts();
  const loans = useMyLoans();
  const loan = currentLoan(loans.data?.items);
  const earlier = loans.data?.items.filter((l) => l.id !== loan?.id) ?? [];

  return (
    <div className="flex flex-col gap-4">
      <PageTitle>{i18n._('loans.myLoan.title')}</PageTitle>
      <h1 className="text-2xl font-bold text-slate-900">{i18n._('loans.myLoan.title')}</h1>
      {loans.isPending ? (
        <Spinner />
      ) : loans.isError ? (
        <ErrorState message={errorMessage(loans.error)} onRetry={() => void loans.refetch()} />
      ) : !loan ? (
        <EmptyState title={i18n._('loans.myLoan.emptyTitle')}>
          <p>{i18n._('loans.myLoan.emptyBody')}</p>
          <Link to="/user/apply-loan" className={`${linkClass} mt-2`}>
            {i18n._('loans.myLoan.applyLink')}
          </Link>
        </EmptyState>
      ) : (
        <>
          <LoanCard loan={loan} />
          <LoanGuarantors loan={loan} />
          {isDecidedAgainst(loan) ? (
            <LoanHistory transitions={loan.transitions} />
          ) : (
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
              <LoanSchedule installments={loan.installments} />
              <LoanHistory transitions={loan.transitions} />
            </div>
          )}
          {earlier.length > 0 && <EarlierLoans loans={earlier} />}
        </>
      )}
    </div>
  );
}

/** Rejected or withdrawn: never paid out, so nothing is owed and there is no schedule. */
const isDecidedAgainst = (loan: Loan) => loan.state === 'rejected' || loan.state === 'withdrawn';
const isPaidOut = (loan: Loan) => ['active', 'closed', 'written_off'].includes(loan.state);

function LoanCard({ loan }: { loan: Loan }) {
  const i18n = useTexts();
  const [isWithdrawing, setWithdrawing] = useState(false);
  // The dialog stays once opened, so that closing it gives the focus back to its button.
  const [hasAskedToWithdraw, setAskedToWithdraw] = useState(false);
  const canWithdraw = loan.state === 'pending' || loan.state === 'approved';
  const isOpen = canWithdraw || loan.state === 'active';
  const next = loan.next_installment;
  const hasPagePainted = useAfterPagePaint();
  useEffect(() => {
    if (hasPagePainted && canWithdraw) preloadWithdrawal();
  }, [hasPagePainted, canWithdraw]);

  const figures = [
    { key: 'amount', value: aed(loan.loan_amount) },
    { key: 'total', value: aed(loan.total_amount_with_interest) },
    ...(isDecidedAgainst(loan)
      ? []
      : [
          { key: 'paid', value: aed(loan.paid_amount) },
          { key: 'remaining', value: aed(loan.remaining_amount) },
        ]),
    { key: 'perMonth', value: aed(loan.per_month_amount) },
    { key: 'term', value: i18n._('loans.apply.months', { count: loan.duration_month }) },
  ];

  return (
    <section
      aria-labelledby="loan-card-title"
      className="flex flex-col gap-5 rounded-2xl bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="loan-card-title" className="text-lg font-bold text-slate-900">
            {LOAN_TYPES_TEXTS[loan.loan_type]
              ? i18n._(LOAN_TYPES_TEXTS[loan.loan_type]!)
              : loan.loan_type}{' '}
            · {i18n._('loans.myLoan.loanNumber', { id: loan.id })}
          </h2>
          <p className="text-sm text-slate-600">
            {i18n._('loans.myLoan.appliedOn', { date: formatDate(loan.created_at) })}
          </p>
        </div>
        <LoanStateBadge loan={loan} label={(s) => i18n._(STATES_TEXTS[s]!)} />
      </div>

      {loan.is_overdue && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-900">
          {i18n._('loans.myLoan.overdueNote')}
        </p>
      )}

      <Figures items={figures.map((f) => ({ ...f, label: i18n._(MY_LOAN_TEXTS[f.key]!) }))} />

      {isDecidedAgainst(loan) ? (
        <p className="rounded-xl bg-slate-100 p-3 text-slate-800">
          {i18n._('loans.myLoan.notPaidOut')}
        </p>
      ) : (
        <div className="rounded-xl bg-brand-50 p-3">
          <p className="text-sm text-brand-900">{i18n._('loans.myLoan.nextInstallment')}</p>
          <p className="font-bold text-brand-900">
            {next
              ? i18n._('loans.myLoan.nextInstallmentValue', {
                  amount: aed(next.amount),
                  date: formatDate(next.due_date),
                })
              : canWithdraw
                ? i18n._('loans.myLoan.firstInstallmentLater')
                : i18n._('loans.myLoan.noNextInstallment')}
          </p>
        </div>
      )}

      {isPaidOut(loan) && (
        <RepaymentBar paid={loan.paid_amount} total={loan.total_amount_with_interest} />
      )}

      {loan.state === 'active' && (
        <div>
          {/* The repayment form (receipt, amount) lives with the other payment forms, on
              Monthly Pay, which opens it for this link. */}
          <Link to="/user/monthly-pay?repay=loan" className={linkClass}>
            {i18n._('loans.myLoan.repay')}
          </Link>
        </div>
      )}

      {canWithdraw && (
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              setAskedToWithdraw(true);
              setWithdrawing(true);
            }}
          >
            {i18n._('loans.myLoan.withdraw')}
          </Button>
          {hasAskedToWithdraw && (
            <WithdrawalPart>
              {({ WithdrawLoanModal }) => (
                <WithdrawLoanModal
                  loanId={loan.id}
                  isOpen={isWithdrawing}
                  onClose={() => setWithdrawing(false)}
                />
              )}
            </WithdrawalPart>
          )}
        </div>
      )}
      {!isOpen && (
        <div>
          <Link to="/user/apply-loan" className={linkClass}>
            {i18n._('loans.myLoan.applyLink')}
          </Link>
        </div>
      )}
    </section>
  );
}

function EarlierLoans({ loans }: { loans: Loan[] }) {
  const i18n = useTexts();
  return (
    <section
      aria-labelledby="earlier-loans-title"
      className="rounded-2xl bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="earlier-loans-title" className="text-lg font-bold text-slate-900">
        {i18n._('loans.myLoan.earlier')}
      </h2>
      <ul className="mt-2 divide-y divide-slate-100">
        {loans.map((l) => (
          <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div>
              <p className="font-medium text-slate-900">
                {LOAN_TYPES_TEXTS[l.loan_type]
                  ? i18n._(LOAN_TYPES_TEXTS[l.loan_type]!)
                  : l.loan_type}{' '}
                ·{' '}
                {i18n._('loans.myLoan.earlierLine', {
                  amount: aed(l.loan_amount),
                  term: i18n._('loans.apply.months', { count: l.duration_month }),
                })}
              </p>
              <p className="text-sm text-slate-600">{formatDate(l.created_at)}</p>
            </div>
            <LoanStateBadge loan={l} label={(s) => i18n._(STATES_TEXTS[s]!)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
