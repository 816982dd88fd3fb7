import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import type { PasswordChangeRequest } from '@jamiya/contracts/auth';
import { PASSWORD_MIN } from '@jamiya/contracts/values';
import { Button } from '../../../components/button.tsx';
import { PasswordInput } from '../../../components/credential-inputs.tsx';
import { Field } from '../../../components/field.tsx';
import { FormProblem } from '../../../components/form-problem.tsx';
import { CancelButton, FormModal, ModalActions } from '../../../components/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, toastSuccess, translateMessage } from '../../../lib/messages.ts';
import { useChangePassword } from '../api/change-password.ts';
import { useFieldText } from '../lib/field-text.ts';
import { NeedsNetwork } from '../../../components/needs-network.tsx';
import { useIsOnline } from '../../../lib/use-is-online.ts';

const resolver = lazyZodResolver(() =>
  import('@jamiya/contracts/auth').then((m) => m.passwordChangeRequest),
);

const FIELDS = ['old_password', 'password', 'password_confirmation'] as const;
const EMPTY: PasswordChangeRequest = { old_password: '', password: '', password_confirmation: '' };

export function ChangePasswordModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const i18n = useTexts();
  return (
    <FormModal isOpen={isOpen} onClose={onClose} title={i18n._('profile.password.title')}>
      {(onInvalid) => <ChangePasswordForm onDone={onClose} onInvalid={onInvalid} />}
    </FormModal>
  );
}

function ChangePasswordForm({ onDone, onInvalid }: { onDone: () => void; onInvalid: () => void }) {
  const i18n = useTexts();
  const isOnline = useIsOnline();
  const fieldText = useFieldText();
  const change = useChangePassword();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PasswordChangeRequest>({
    resolver,
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  // Each try starts without the last one's sentence, a try the form refuses itself included.
  const submit = form.handleSubmit(
    async (values) => {
      try {
        const res = await change.mutateAsync(values);
        toastSuccess(res.message);
        form.reset(EMPTY);
        onDone();
      } catch (error) {
        applyServerErrors(error, form.setError, FIELDS);
        // Spec section 8: the server's message, or a fallback when there is none.
        const hasServerMessage =
          error instanceof ApiError && error.status > 0 && error.message !== 'Network Error';
        setFailure(
          hasServerMessage ? translateMessage(error.message) : i18n._('profile.password.failed'),
        );
        onInvalid();
      }
    },
    () => onInvalid(),
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setFailure(null);
    return submit(event);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormProblem message={failure} className="font-medium" />
      <Field label={i18n._('profile.password.old')} error={fieldText(errors.old_password?.message)}>
        {(a) => <PasswordInput {...a} {...form.register('old_password')} />}
      </Field>
      <Field
        label={i18n._('profile.password.new')}
        hint={i18n._('profile.password.newHint', { min: PASSWORD_MIN })}
        error={fieldText(errors.password?.message)}
      >
        {(a) => <PasswordInput isNew {...a} {...form.register('password')} />}
      </Field>
      <Field
        label={i18n._('profile.password.confirm')}
        error={fieldText(errors.password_confirmation?.message)}
      >
        {(a) => <PasswordInput isNew {...a} {...form.register('password_confirmation')} />}
      </Field>
      <p className="text-sm text-slate-600">{i18n._('profile.password.sessionsNote')}</p>
      <NeedsNetwork />
      <ModalActions>
        <CancelButton onClick={onDone} />
        <Button type="submit" isBusy={form.formState.isSubmitting} disabled={!isOnline}>
          {i18n._('profile.password.submit')}
        </Button>
      </ModalActions>
    </form>
  );
}
