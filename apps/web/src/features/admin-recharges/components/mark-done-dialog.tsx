import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import type { RechargeDoneRequest } from '@jamiya/contracts/recharge';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/field.tsx';
import { LtrInput } from '../../../components/ltr-input.tsx';
import { CancelButton, Modal, ModalActions } from '../../../components/modal.tsx';
import { closeOnConflict } from '../../../components/reason-dialog.tsx';
import { showFormErrors, toastSuccess } from '../../../lib/messages.ts';

const resolver = lazyZodResolver(() =>
  import('@jamiya/contracts/recharge').then((m) => m.rechargeDoneRequest),
);

/**
 * Marks a recharge done with the operator's reference (required: the member quotes it if the
 * credit does not arrive). Like ReasonDialog, a 409 closes it and shows the server's sentence.
 */
export function MarkDoneDialog({
  isOpen,
  onClose,
  title,
  children,
  onConfirm,
}: {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  children?: ReactNode;
  onConfirm: (reference: string) => Promise<string>;
}) {
  const [shakeSignal, setShakeSignal] = useState(0);
  return (
    <Modal isOpen={isOpen} onClose={onClose} title={title} shakeSignal={shakeSignal}>
      <ReferenceForm
        onConfirm={onConfirm}
        onClose={onClose}
        onInvalid={() => setShakeSignal((n) => n + 1)}
      >
        {children}
      </ReferenceForm>
    </Modal>
  );
}

function ReferenceForm({
  children,
  onConfirm,
  onClose,
  onInvalid,
}: {
  children?: ReactNode;
  onConfirm: (reference: string) => Promise<string>;
  onClose: () => void;
  onInvalid: () => void;
}) {
  const i18n = useTexts();
  const form = useForm<RechargeDoneRequest, unknown, { reference: string }>({
    resolver,
    defaultValues: { reference: '' },
  });

  const onSubmit = form.handleSubmit(async ({ reference }) => {
    try {
      toastSuccess(await onConfirm(reference));
      onClose();
    } catch (error) {
      if (closeOnConflict(error, onClose)) return;
      showFormErrors(error, form.setError, ['reference']);
      onInvalid();
    }
  }, onInvalid);

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {children}
      <Field
        label={i18n._('admin-recharges.done.reference')}
        hint={i18n._('admin-recharges.done.referenceHint')}
        error={form.formState.errors.reference?.message}
      >
        {(a) => <LtrInput {...a} maxLength={100} aria-required {...form.register('reference')} />}
      </Field>
      <ModalActions>
        <CancelButton onClick={onClose} />
        <Button type="submit" isBusy={form.formState.isSubmitting}>
          {i18n._('admin-recharges.done.confirm')}
        </Button>
      </ModalActions>
    </form>
  );
}
