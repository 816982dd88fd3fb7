import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n.tsx';
import type { Loan } from '../../../api/get-my-loans.ts';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { Spinner } from '../../../components/states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { aed, formatDate } from '../../../lib/format.ts';
import {
  applyServerErrors,
  toastError,
  toastSuccess,
  translateMessage,
} from '../../../lib/messages.ts';
import {
  useRepayLoan,
  type LoanRepaymentFormInput,
  type LoanRepaymentFormOutput,
} from '../api/save-monthly-payment.ts';

const resolver = lazyZodResolver(() =>
  import('../lib/payment-forms.ts').then((m) => m.loanRepaymentForm),
);

/**
 * The due-loan payment modal behind Pay Now (spec section 2): one amount, sent alone, which
 * the server books as a repayment of the active loan (PRODUCT.md section 4).
 */
export function LoanPaymentModal({
  isOpen,
  onClose,
  activeLoan,
  loansStatus,
  onPayDueInstead,
}: {
  isOpen: boolean;
  onClose: () => void;
  /** The member's loan in state `active`, if any. */
  activeLoan: Loan | undefined;
  /** Whether the member's loans are known: the form waits for them to suggest an amount. */
  loansStatus: 'pending' | 'error' | 'success';
  onPayDueInstead: () => void;
}) {
  const { t } = useTranslation('dues');
  const [shakeSignal, setShakeSignal] = useState(0);
  return (
    <Modal isOpen={isOpen} onClose={onClose} title={t('loanForm.title')} shakeSignal={shakeSignal}>
      {loansStatus === 'pending' ? (
        <Spinner />
      ) : (
        <LoanPaymentForm
          activeLoan={activeLoan}
          hasNoLoan={loansStatus === 'success' && !activeLoan}
          onCancel={onClose}
          onDone={onClose}
          onInvalid={() => setShakeSignal((n) => n + 1)}
          onPayDueInstead={onPayDueInstead}
        />
      )}
    </Modal>
  );
}

function LoanPaymentForm({
  activeLoan,
  hasNoLoan,
  onCancel,
  onDone,
  onInvalid,
  onPayDueInstead,
}: {
  activeLoan: Loan | undefined;
  hasNoLoan: boolean;
  onCancel: () => void;
  onDone: () => void;
  onInvalid: () => void;
  onPayDueInstead: () => void;
}) {
  const { t } = useTranslation('dues');
  const { t: tc } = useTranslation();
  const repay = useRepayLoan();
  const next = activeLoan?.next_installment ?? null;
  // JSON amounts have at most two decimals, so their shortest text is exact.
  const suggested = next
    ? String(next.amount)
    : activeLoan
      ? String(activeLoan.remaining_amount)
      : '';
  const form = useForm<LoanRepaymentFormInput, unknown, LoanRepaymentFormOutput>({
    resolver,
    defaultValues: { payment_amount: suggested },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await repay.mutateAsync(values);
      toastSuccess(res.message);
      form.reset({ payment_amount: '' });
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, ['payment_amount']);
      toastError(error);
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) onInvalid();
    }
  }, onInvalid);

  const amountError = errors.payment_amount?.message
    ? translateMessage(errors.payment_amount.message)
    : undefined;
  const hint = activeLoan ? (
    <>
      {next && (
        <span className="block">
          {t('loanForm.nextInstallment', {
            amount: aed(next.amount),
            date: formatDate(next.due_date),
          })}
        </span>
      )}
      <span className="block">
        {t('loanForm.remaining', { amount: aed(activeLoan.remaining_amount) })}
      </span>
    </>
  ) : undefined;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {hasNoLoan && (
        <div className="flex flex-col items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
          <p>{t('loanForm.noActiveLoan')}</p>
          <Button variant="secondary" onClick={onPayDueInstead}>
            {t('loanForm.payDueInstead')}
          </Button>
        </div>
      )}
      <Field label={t('loanForm.amount')} hint={hint} error={amountError}>
        {(a) => (
          <input
            {...a}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            className={inputClass}
            {...form.register('payment_amount')}
          />
        )}
      </Field>
      <p className="text-sm text-slate-600">{t('loanForm.note')}</p>
      {!hasNoLoan && (
        <button
          type="button"
          onClick={onPayDueInstead}
          className="min-h-11 self-start text-start text-sm font-medium text-brand-700 underline underline-offset-2"
        >
          {t('loanForm.payDueLink')}
        </button>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {tc('cancel')}
        </Button>
        <Button type="submit" isBusy={form.formState.isSubmitting}>
          {t('loanForm.submit')}
        </Button>
      </div>
    </form>
  );
}
