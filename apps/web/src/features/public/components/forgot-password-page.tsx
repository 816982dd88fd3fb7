import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useIsHydrated } from '../../../lib/use-is-hydrated.ts';
import { Link } from 'react-router';
import type { ForgotPasswordRequest } from '@jamiya/contracts/membership';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { applyServerErrors, errorMessage } from '../../../lib/messages.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { textLink } from '../../../components/link-styles.ts';
import { FormProblem, Outcome } from './outcome.tsx';

// A field focused after an invalid submit must not land under the sticky top bar.
const fieldClass = `${inputClass} scroll-mt-32`;

/**
 * Forgot password (docs/product.md section 6). The server answers the same whether or not the
 * email is a member's, so the confirmation says "if": it must not tell who is a member.
 */
const resolver = lazyZodResolver(() =>
  import('@jamiya/contracts/membership').then((m) => m.forgotPasswordRequest),
);

export function ForgotPasswordPage() {
  const { t } = useTranslation('public');
  const request = useRequestPasswordReset();
  const isHydrated = useIsHydrated();
  const form = useForm<ForgotPasswordRequest>({
    resolver,
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(
    async ({ email }) => {
      setProblem(null);
      try {
        await request.mutateAsync({ email });
        setSentTo(email.trim());
      } catch (error) {
        applyServerErrors(error, form.setError, ['email']);
        setProblem(errorMessage(error));
      }
    },
    () => setProblem(null),
  );

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-10">
      <title>{t('forgot.pageTitle')}</title>
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{t('forgot.title')}</h1>
        <p className="mt-2 text-slate-700">{t('forgot.subtitle')}</p>
      </div>
      {sentTo ? (
        <Outcome tone="success" title={t('forgot.doneTitle')}>
          <p className="wrap-anywhere">{t('forgot.doneBody', { email: sentTo })}</p>
          <p className="text-sm">{t('forgot.doneNoMail')}</p>
          <Button
            variant="secondary"
            className="self-start"
            onClick={() => {
              form.reset({ email: '' });
              setSentTo(null);
            }}
          >
            {t('forgot.again')}
          </Button>
        </Outcome>
      ) : (
        <form
          noValidate
          // The page shows before its script runs (it is prerendered). Its fields wait for the
          // script (the fieldset below), as what they held would be lost when it takes over; a
          // form sent some other way in that moment is posted, so nothing lands in a URL.
          method="post"
          onSubmit={onSubmit}
          className="flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm"
        >
          <fieldset disabled={!isHydrated} className="contents">
            <FormProblem message={problem} />
            <Field label={t('forgot.email')} error={errors.email?.message}>
              {(a) => (
                <input
                  {...a}
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  className={fieldClass}
                  {...form.register('email')}
                />
              )}
            </Field>
            <Button
              type="submit"
              // Disabled by the fieldset too; named here so that checkers see it as disabled.
              disabled={!isHydrated}
              isBusy={form.formState.isSubmitting}
            >
              {t('forgot.submit')}
            </Button>
          </fieldset>
        </form>
      )}
      <Link to="/sign-in" className={`${textLink} inline-flex min-h-11 items-center self-start`}>
        {t('forgot.back')}
      </Link>
    </div>
  );
}
