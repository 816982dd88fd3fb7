import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { SetPasswordRequest } from '@jamiya/contracts/membership';
import { isLinkTokenShaped, PASSWORD_MIN } from '@jamiya/contracts/values';
import { Button } from '../../../components/button.tsx';
import { PasswordInput } from '../../../components/credential-inputs.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { FormPage } from '../../../components/form-page.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toastSuccess } from '../../../lib/messages.ts';
import { landingPath, startSession } from '../../../api/start-session.ts';
import { useSetPassword } from '../api/set-password.ts';
import { primaryLink, textLink } from '../../../components/link-styles.ts';
import { FormProblem } from '../../../components/form-problem.tsx';
import { Outcome } from './outcome.tsx';
import { useProblemSubmit } from './use-problem-submit.ts';

const fieldClass = `${inputClass} scroll-mt-32`;

type Stage = 'form' | 'done' | 'linkFailed';

const resolver = lazyZodResolver(() =>
  import('@jamiya/contracts/membership').then((m) => m.setPasswordRequest),
);

/**
 * The page of a one-time link (invitation after Join Now, or a reset): /set-password?token=...
 * A missing, expired, used or unknown link all get the same way out: ask for a new one. A
 * password set signs this browser in (the link came to the mailbox): on to the person's area,
 * or, should the profile not come, a word that it is set with the way to sign in.
 */
export function SetPasswordPage() {
  const i18n = useTexts();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const isWellFormed = isLinkTokenShaped(token);
  const [stage, setStage] = useState<Stage>(isWellFormed ? 'form' : 'linkFailed');
  const save = useSetPassword();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<SetPasswordRequest>({
    resolver,
    defaultValues: { token, password: '', password_confirmation: '' },
  });
  const { errors } = form.formState;

  const { problem, onSubmit } = useProblemSubmit(
    form,
    ['password', 'password_confirmation'],
    async (values) => {
      let signedIn;
      try {
        signedIn = await save.mutateAsync(values);
      } catch (error) {
        // A link that is no longer good is the page's to say, not the form's.
        if (error instanceof ApiError && error.errors.token) return setStage('linkFailed');
        throw error;
      }
      form.reset({ token, password: '', password_confirmation: '' });
      const user = await startSession(queryClient, signedIn.access_token).catch(() => null);
      if (!user) return setStage('done');
      toastSuccess(signedIn.message);
      await navigate(landingPath(user), { replace: true });
    },
  );

  return (
    <FormPage
      pageTitle={i18n._('public.setPassword.pageTitle')}
      title={i18n._('public.setPassword.title')}
      subtitle={stage === 'form' ? i18n._('public.setPassword.subtitle') : undefined}
    >
      {stage === 'done' && (
        <Outcome tone="success" title={i18n._('public.setPassword.doneTitle')}>
          <p>{i18n._('public.setPassword.doneBody')}</p>
          <Link to="/sign-in" className={`${primaryLink} self-start`}>
            {i18n._('public.setPassword.signIn')}
          </Link>
        </Outcome>
      )}
      {stage === 'linkFailed' && (
        // On arrival without a usable token the message is the page: no focus to move.
        <Outcome
          tone="problem"
          title={i18n._('public.setPassword.linkTitle')}
          isFocused={isWellFormed}
        >
          <p>{i18n._('public.setPassword.linkBody')}</p>
          <p className="text-sm">{i18n._('public.setPassword.linkNewMember')}</p>
          <Link to="/forgot-password" className={`${primaryLink} self-start`}>
            {i18n._('public.setPassword.newLink')}
          </Link>
        </Outcome>
      )}
      {stage === 'form' && (
        <form
          noValidate
          onSubmit={onSubmit}
          className="flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm"
        >
          <FormProblem message={problem} className="font-medium" />
          <Field
            label={i18n._('public.setPassword.password')}
            hint={i18n._('public.setPassword.passwordHint', { min: PASSWORD_MIN })}
            error={errors.password?.message}
          >
            {(a) => (
              <PasswordInput isNew {...a} className={fieldClass} {...form.register('password')} />
            )}
          </Field>
          <Field
            label={i18n._('public.setPassword.confirm')}
            error={errors.password_confirmation?.message}
          >
            {(a) => (
              <PasswordInput
                isNew
                {...a}
                className={fieldClass}
                {...form.register('password_confirmation')}
              />
            )}
          </Field>
          <Button type="submit" isBusy={form.formState.isSubmitting}>
            {i18n._('public.setPassword.submit')}
          </Button>
        </form>
      )}
      {stage !== 'done' && (
        <Link to="/sign-in" className={`${textLink} inline-flex min-h-11 items-center self-start`}>
          {i18n._('public.setPassword.back')}
        </Link>
      )}
    </FormPage>
  );
}
