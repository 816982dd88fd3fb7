import { lazyZodResolver } from '../lib/zod-resolver.ts';
import { useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useForm } from 'react-hook-form';
import { ApiError } from '../lib/api-client.ts';
import { applyServerErrors, errorMessage, toastError, toastSuccess } from '../lib/messages.ts';
import { Button } from './button.tsx';
import { Field, inputClass } from './field.tsx';
import { CancelButton, Modal, ModalActions } from './modal.tsx';

type ReasonValues = { reason?: string | undefined };

const reasonResolver = lazyZodResolver<ReasonValues>(() =>
  import('@jamiya/contracts/admin').then((m) => m.reasonRequest),
);
const noteResolver = lazyZodResolver<ReasonValues>(() =>
  import('@jamiya/contracts/admin').then((m) => m.optionalNoteRequest),
);

interface ReasonProps {
  children?: ReactNode;
  reasonLabel: string;
  reasonHint?: string | undefined;
  isReasonRequired: boolean;
  /** The reason to start from (a second admin confirming a proposal's). */
  defaultReason?: string;
  confirmLabel: string;
  isDanger?: boolean;
  /** Holds the confirm button off (a payout the cash cannot cover); the children say why. */
  isConfirmDisabled?: boolean;
  onConfirm: (reason: string | undefined) => Promise<string>;
}

/**
 * Confirms a decision, with a reason (required when the person affected reads it, otherwise
 * an optional note), checked by the shared schema. `onConfirm` makes the call and returns the
 * server's message for the success toast. A 409 (someone else acted first) closes the dialog
 * and shows the server's sentence on the page, which the caller refetches; a 403 (asking again
 * will not change it, e.g. an admin's own loan) stays written in the dialog.
 */
export function ReasonDialog({
  isOpen,
  onClose,
  title,
  ...form
}: ReasonProps & { isOpen: boolean; onClose: () => void; title: string }) {
  const [shakeSignal, setShakeSignal] = useState(0);
  return (
    <Modal isOpen={isOpen} onClose={onClose} title={title} shakeSignal={shakeSignal}>
      <ReasonForm {...form} onClose={onClose} onInvalid={() => setShakeSignal((n) => n + 1)} />
    </Modal>
  );
}

function ReasonForm({
  children,
  reasonLabel,
  reasonHint,
  isReasonRequired,
  defaultReason = '',
  confirmLabel,
  isDanger = false,
  isConfirmDisabled = false,
  onConfirm,
  onClose,
  onInvalid,
}: ReasonProps & { onClose: () => void; onInvalid: () => void }) {
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
      <ModalActions>
        <CancelButton onClick={onClose} />
        <Button
          type="submit"
          variant={isDanger ? 'danger' : 'primary'}
          disabled={isConfirmDisabled}
          isBusy={form.formState.isSubmitting}
          className="disabled:opacity-60"
        >
          {confirmLabel}
        </Button>
      </ModalActions>
    </form>
  );
}

/**
 * A 409 means someone else acted first and the dialog's action no longer applies: it closes
 * and the server's sentence shows on the page (the caller refetches). True when it did.
 */
export function closeOnConflict(error: unknown, onClose: () => void): boolean {
  if (!(error instanceof ApiError && error.status === 409)) return false;
  // Out of the top layer first, so the page's toasts show the sentence.
  flushSync(onClose);
  toastError(error);
  return true;
}
