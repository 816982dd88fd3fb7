import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import type { z } from 'zod';
import type { withdrawLoanRequest } from '@jamiya/contracts/loans';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { Modal, ModalActions } from '../../../components/modal.tsx';
import { showFormErrors, toastSuccess } from '../../../lib/messages.ts';
import { useWithdrawLoan } from '../api/withdraw-loan.ts';
import { NeedsNetwork } from '../../../components/needs-network.tsx';
import { useIsOnline } from '../../../lib/use-is-online.ts';

const resolver = lazyZodResolver(() =>
  import('@jamiya/contracts/loans').then((m) => m.withdrawLoanRequest),
);

type WithdrawInput = z.input<typeof withdrawLoanRequest>;
type WithdrawValues = z.output<typeof withdrawLoanRequest>;

/** Confirms the withdrawal of a pending or approved application, with an optional reason. */
export function WithdrawLoanModal({
  loanId,
  isOpen,
  onClose,
}: {
  loanId: number;
  isOpen: boolean;
  onClose: () => void;
}) {
  const i18n = useTexts();
  const isOnline = useIsOnline();
  const withdraw = useWithdrawLoan();
  const [shakeSignal, setShakeSignal] = useState(0);
  const form = useForm<WithdrawInput, unknown, WithdrawValues>({
    resolver,
    defaultValues: { reason: '' },
  });
  const reasonError = form.formState.errors.reason?.message;

  const close = () => {
    form.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        const res = await withdraw.mutateAsync({ loanId, reason: values.reason ?? '' });
        toastSuccess(res.message);
        close();
      } catch (error) {
        showFormErrors(error, form.setError, ['reason']);
        setShakeSignal((n) => n + 1);
      }
    },
    () => setShakeSignal((n) => n + 1),
  );

  return (
    <Modal
      isOpen={isOpen}
      onClose={close}
      title={i18n._('loans.myLoan.withdrawTitle')}
      shakeSignal={shakeSignal}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <p className="text-slate-700">{i18n._('loans.myLoan.withdrawBody')}</p>
        <Field label={i18n._('loans.myLoan.withdrawReason')} error={reasonError}>
          {(a) => (
            <textarea
              {...a}
              rows={3}
              maxLength={500}
              className={inputClass}
              {...form.register('reason')}
            />
          )}
        </Field>
        <NeedsNetwork />
        <ModalActions>
          <Button variant="secondary" onClick={close}>
            {i18n._('loans.myLoan.withdrawKeep')}
          </Button>
          <Button
            type="submit"
            variant="danger"
            isBusy={form.formState.isSubmitting}
            disabled={!isOnline}
          >
            {i18n._('loans.myLoan.withdrawConfirm')}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
