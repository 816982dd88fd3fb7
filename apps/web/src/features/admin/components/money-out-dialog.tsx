import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { closeOnConflict } from '../../../components/reason-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import {
  applyServerErrors,
  errorMessage,
  toastError,
  toastSuccess,
} from '../../../lib/messages.ts';

type ReasonValues = { reason?: string | undefined };

const reasonResolver = lazyZodResolver<ReasonValues>(() =>
  import('@jamiya/contracts/admin').then((m) => m.reasonRequest),
);
const noteResolver = lazyZodResolver<ReasonValues>(() =>
  import('@jamiya/contracts/admin').then((m) => m.optionalNoteRequest),
);

/**
 * Confirms money leaving the fund (a pay-out, a write-off), like ReasonDialog, with what the
 * maker-checker rule adds: the confirm button can be held off (the cash cannot cover it), the
 * reason can start filled in (a second admin confirming a proposal), and a 403 (the admin's
 * own loan) stays written in the dialog instead of a toast that goes.
 */
export function MoneyOutDialog({
  isOpen,
  onClose,
  title,
  children,
  reasonLabel,
  reasonHint,
  isReasonRequired,
  defaultReason = '',
  confirmLabel,
  isDanger = false,
  isConfirmDisabled = false,
  onConfirm,
}: {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  children?: ReactNode;
  reasonLabel: string;
  reasonHint?: string | undefined;
  isReasonRequired: boolean;
  defaultReason?: string;
  confirmLabel: string;
  isDanger?: boolean;
  isConfirmDisabled?: boolean;
  /** Makes the call; returns the sentence of the success toast. */
  onConfirm: (reason: string | undefined) => Promise<string>;
}) {
  const [shakeSignal, setShakeSignal] = useState(0);
  return (
    <Modal isOpen={isOpen} onClose={onClose} title={title} shakeSignal={shakeSignal}>
      <MoneyOutForm
        reasonLabel={reasonLabel}
        reasonHint={reasonHint}
        isReasonRequired={isReasonRequired}
        defaultReason={defaultReason}
        confirmLabel={confirmLabel}
        isDanger={isDanger}
        isConfirmDisabled={isConfirmDisabled}
        onConfirm={onConfirm}
        onClose={onClose}
        onInvalid={() => setShakeSignal((n) => n + 1)}
      >
        {children}
      </MoneyOutForm>
    </Modal>
  );
}

function MoneyOutForm({
  children,
  reasonLabel,
  reasonHint,
  isReasonRequired,
  defaultReason,
  confirmLabel,
  isDanger,
  isConfirmDisabled,
  onConfirm,
  onClose,
  onInvalid,
}: {
  children?: ReactNode;
  reasonLabel: string;
  reasonHint: string | undefined;
  isReasonRequired: boolean;
  defaultReason: string;
  confirmLabel: string;
  isDanger: boolean;
  isConfirmDisabled: boolean;
  onConfirm: (reason: string | undefined) => Promise<string>;
  onClose: () => void;
  onInvalid: () => void;
}) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<ReasonValues, unknown, ReasonValues>({
    resolver: isReasonRequired ? reasonResolver : noteResolver,
    defaultValues: { reason: defaultReason },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const message = await onConfirm(values.reason || undefined);
      toastSuccess(message);
      onClose();
    } catch (error) {
      if (closeOnConflict(error, onClose)) return;
      applyServerErrors(error, form.setError, ['reason']);
      // A refusal that asking again will not change (403: the admin's own loan) stays written.
      if (error instanceof ApiError && error.status === 403) setRefusal(errorMessage(error));
      else toastError(error);
      onInvalid();
    }
  }, onInvalid);

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {children}
      <Field label={reasonLabel} hint={reasonHint} error={form.formState.errors.reason?.message}>
        {(a) => (
          <textarea
            {...a}
            rows={3}
            maxLength={500}
            aria-required={isReasonRequired || undefined}
            className={inputClass}
            {...form.register('reason')}
          />
        )}
      </Field>
      {refusal && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-900">
          {refusal}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button
          type="submit"
          variant={isDanger ? 'danger' : 'primary'}
          disabled={isConfirmDisabled}
          isBusy={form.formState.isSubmitting}
          className="disabled:opacity-60"
        >
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}
