import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import type { z } from 'zod';
import type { cashRepaymentForm } from '../../../lib/money-forms.ts';
import { tryParseAed } from '@jamiya/money/fils';
import { filsToDecimalString } from '@jamiya/money/format';
import { AmountInput } from '../../../components/amount-input.tsx';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { CancelButton, FormModal, ModalActions } from '../../../components/modal.tsx';
import { closeOnConflict } from '../../../components/reason-dialog.tsx';
import { aed } from '../../../lib/format.ts';
import { showFormErrors, toastSuccess } from '../../../lib/messages.ts';
import type { FundProposal } from '../../../api/proposals.ts';
import { ProposedBy } from '../../../components/proposal-panel.tsx';
import { isProposed, useRecordCashRepayment, type AdminLoan } from '../api/admin-loans.ts';

type CashRepaymentForm = ReturnType<typeof cashRepaymentForm>;

interface RepaymentProps {
  loan: AdminLoan;
  onClose: () => void;
  /** Another admin's proposal being confirmed: its amount and note stand. */
  proposal?: FundProposal | undefined;
  /** Says that this only proposes it (two or more active admins). */
  needsSecond?: string | null;
  onDone?: () => void;
}

/**
 * A repayment received in cash: the amount (at most what remains) and an optional note. With two
 * or more active admins it is proposed, and a second admin confirms the same amount.
 */
export function CashRepaymentDialog({ isOpen, ...props }: RepaymentProps & { isOpen: boolean }) {
  const { loan, onClose } = props;
  const i18n = useTexts();
  return (
    <FormModal
      isOpen={isOpen}
      onClose={onClose}
      title={i18n._('admin-loans.loan.repayTitle', { id: loan.id })}
    >
      {(onInvalid) => <RepaymentForm {...props} onInvalid={onInvalid} />}
    </FormModal>
  );
}

function RepaymentForm({
  loan,
  onClose,
  proposal,
  needsSecond,
  onDone,
  onInvalid,
}: RepaymentProps & { onInvalid: () => void }) {
  const i18n = useTexts();
  const repay = useRecordCashRepayment();
  const remainingFils = tryParseAed(loan.remaining_amount) ?? 0;
  const nextFils = loan.next_installment ? (tryParseAed(loan.next_installment.amount) ?? 0) : 0;
  const remainingText = aed(loan.remaining_amount);

  const resolver = useMemo(
    () =>
      lazyZodResolver(() =>
        import('../../../lib/money-forms.ts').then((m) =>
          m.cashRepaymentForm(
            remainingFils,
            i18n._('admin-loans.loan.repayTooMuch', { remaining: remainingText }),
          ),
        ),
      ),
    [remainingFils, remainingText, i18n],
  );
  const form = useForm<z.input<CashRepaymentForm>, unknown, z.output<CashRepaymentForm>>({
    resolver,
    defaultValues: {
      amount: proposal
        ? filsToDecimalString(tryParseAed(proposal.amount) ?? 0)
        : filsToDecimalString(Math.min(nextFils || remainingFils, remainingFils)),
      note: proposal?.reason ?? '',
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ amount, note }) => {
    try {
      const res = await repay.mutateAsync({ id: loan.id, amountFils: amount, note });
      toastSuccess(isProposed(res) ? i18n._('admin-loans.proposal.waitingToast') : res.message);
      onClose();
      onDone?.();
    } catch (error) {
      if (closeOnConflict(error, onClose)) return;
      showFormErrors(error, form.setError, ['amount', 'note']);
      onInvalid();
    }
  }, onInvalid);

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-slate-700">
        {i18n._('admin-loans.loan.repayBody', { name: loan.member.name })}
      </p>
      {proposal && (
        <p className="text-slate-700">
          <ProposedBy proposal={proposal} />
        </p>
      )}
      <Field
        label={i18n._('admin-loans.loan.repayAmount')}
        hint={
          loan.next_installment
            ? i18n._('admin-loans.loan.repayAmountHint', {
                next: aed(loan.next_installment.amount),
                remaining: remainingText,
              })
            : i18n._('admin-loans.loan.repayAmountHintRemaining', { remaining: remainingText })
        }
        error={errors.amount?.message}
      >
        {(a) => (
          // Confirming: the amount is the proposal's, which the server checks too.
          <AmountInput {...a} readOnly={proposal !== undefined} {...form.register('amount')} />
        )}
      </Field>
      <Field label={i18n._('admin-loans.loan.repayNote')} error={errors.note?.message}>
        {(a) => (
          <textarea
            {...a}
            rows={2}
            maxLength={500}
            readOnly={proposal !== undefined}
            className={inputClass}
            {...form.register('note')}
          />
        )}
      </Field>
      {needsSecond && <p className="text-sm text-slate-700">{needsSecond}</p>}
      <ModalActions>
        <CancelButton onClick={onClose} />
        <Button type="submit" isBusy={form.formState.isSubmitting}>
          {proposal
            ? i18n._('admin-loans.proposal.confirmRepayment')
            : i18n._('admin-loans.loan.repayConfirm')}
        </Button>
      </ModalActions>
    </form>
  );
}
