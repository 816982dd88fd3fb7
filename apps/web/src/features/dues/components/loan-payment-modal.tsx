import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { Suspense, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import { tryParseAed } from '@jamiya/money/fils';
import type { Loan } from '../../../api/get-my-loans.ts';
import { AmountInput } from '../../../components/amount-input.tsx';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { Spinner } from '../../../components/states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { aed } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';
import { showFormErrors, toastNotice, toastSuccess } from '../../../lib/messages.ts';
import {
  repaymentFieldNames,
  repaymentRequest,
  useSubmitPayment,
  type LoanRepaymentFormInput,
  type LoanRepaymentFormOutput,
} from '../api/save-monthly-payment.ts';
import { AccountNumberField, useRememberedAccount } from './account-number-field.tsx';
import { PaymentInstructions } from './payment-instructions.tsx';
import { ReceiptField } from './receipt-field.tsx';
import { laterTransferDetails } from './later-transfer-details.ts';
import { SendingActions } from './sending.tsx';

const TransferDetails = laterTransferDetails<LoanRepaymentFormInput, LoanRepaymentFormOutput>();

/**
 * The loan repayment modal behind "Repay loan": the receipt of the transfer, the amount (at
 * most what is owed) and optionally the account paid from, the transfer's date and the bank's
 * reference, sent to
 * POST /api/my-loans/:id/repayments for the committee to check.
 */
export function LoanPaymentModal({
  isOpen,
  onClose,
  activeLoan,
  loansStatus,
  accountNumber = '',
  memberId,
}: {
  isOpen: boolean;
  onClose: () => void;
  /** The member's loan in state `active`, if any. */
  activeLoan: Loan | undefined;
  /** Whether the member's loans are known: the form waits for them to suggest an amount. */
  loansStatus: 'pending' | 'error' | 'success';
  /** The account of the member's last receipt, offered again. */
  accountNumber?: string;
  /** The member's ID, to write in the transfer. */
  memberId?: string | undefined;
}) {
  const i18n = useTexts();
  const [shakeSignal, setShakeSignal] = useState(0);
  let body;
  if (loansStatus === 'pending') body = <Spinner />;
  else if (!activeLoan)
    // Reached by a link (My Loan's "Repay loan") after the loan closed, or loans failed to load.
    body = (
      <div className="flex flex-col gap-4">
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
          {loansStatus === 'error'
            ? i18n._('dues.loanForm.loansFailed')
            : i18n._('dues.loanForm.noActiveLoan')}
        </p>
        <Button variant="secondary" className="self-end" onClick={onClose}>
          {i18n._('common.close')}
        </Button>
      </div>
    );
  else
    body = (
      <LoanPaymentForm
        loan={activeLoan}
        accountNumber={accountNumber}
        memberId={memberId}
        onCancel={onClose}
        onDone={onClose}
        onInvalid={() => setShakeSignal((n) => n + 1)}
      />
    );
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={i18n._('dues.loanForm.title')}
      shakeSignal={shakeSignal}
    >
      {body}
    </Modal>
  );
}

function LoanPaymentForm({
  loan,
  accountNumber,
  memberId,
  onCancel,
  onDone,
  onInvalid,
}: {
  loan: Loan;
  accountNumber: string;
  memberId: string | undefined;
  onCancel: () => void;
  onDone: () => void;
  onInvalid: () => void;
}) {
  const i18n = useTexts();
  const payment = useSubmitPayment();
  const next = loan.next_installment;
  const owed = loan.remaining_amount;
  const resolver = useMemo(() => {
    const say = {
      tooMuch: i18n._('dues.loanForm.tooMuch', { amount: aed(owed) }),
      afterToday: i18n._('dues.transfer.afterToday'),
    };
    const owedFils = tryParseAed(owed) ?? undefined;
    return lazyZodResolver(() =>
      import('../lib/payment-forms.ts').then((m) => m.loanRepaymentFormFor(owedFils, say)),
    );
  }, [owed, i18n]);
  // The next installment, unless less is owed. JSON amounts have at most two decimals, so
  // their shortest text is exact.
  const suggested = String(next && next.amount <= owed ? next.amount : owed);
  const form = useForm<LoanRepaymentFormInput, unknown, LoanRepaymentFormOutput>({
    resolver,
    defaultValues: { payment_amount: suggested, account_number: accountNumber },
  });
  const { errors } = form.formState;
  useRememberedAccount(form, accountNumber);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const sent = await payment.submit(await repaymentRequest(loan.id, values));
      if (sent === 'kept') toastNotice(i18n._('dues.form.kept'));
      else toastSuccess(sent.message);
      onDone();
    } catch (error) {
      showFormErrors(error, form.setError, repaymentFieldNames);
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) onInvalid();
    }
  }, onInvalid);

  const hint = (
    <>
      {next && (
        <span className="block">
          {i18n._('dues.loanForm.nextInstallment', {
            amount: aed(next.amount),
            date: formatDate(next.due_date),
          })}
        </span>
      )}
      <span className="block">{i18n._('dues.loanForm.remaining', { amount: aed(owed) })}</span>
    </>
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <PaymentInstructions compact memberId={memberId} />
      <ReceiptField control={form.control} error={errors.photo?.message} />
      <Field
        label={i18n._('dues.loanForm.amount')}
        hint={hint}
        error={errors.payment_amount?.message}
      >
        {(a) => <AmountInput {...a} {...form.register('payment_amount')} />}
      </Field>
      <AccountNumberField
        label={i18n._('dues.loanForm.accountNumber')}
        error={errors.account_number?.message}
        field={form.register('account_number')}
      />
      <Suspense fallback={null}>
        <TransferDetails control={form.control} />
      </Suspense>
      <p className="text-sm text-slate-600">{i18n._('dues.loanForm.note')}</p>
      <SendingActions
        progress={payment.progress}
        isSubmitting={form.formState.isSubmitting}
        submitLabel={i18n._('dues.loanForm.submit')}
        onCancel={onCancel}
      />
    </form>
  );
}
