import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n.tsx';
import { Link } from 'react-router';
import type { ForgotPasswordRequest } from '@jamiya/contracts/membership';
import { Button } from '../../../components/button.tsx';
import { EmailInput } from '../../../components/credential-inputs.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { FormPage } from '../../../components/form-page.tsx';
import { PrerenderedForm } from '../../../components/prerendered-form.tsx';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { textLink } from '../../../components/link-styles.ts';
import { FormProblem } from '../../../components/form-problem.tsx';
import { Outcome } from './outcome.tsx';
import { useProblemSubmit } from './use-problem-submit.ts';

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
  const form = useForm<ForgotPasswordRequest>({
    resolver,
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { problem, onSubmit } = useProblemSubmit(form, ['email'], async ({ email }) => {
    await request.mutateAsync({ email });
    setSentTo(email.trim());
  });

  return (
    <FormPage
      pageTitle={t('forgot.pageTitle')}
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
    >
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
        <PrerenderedForm
          onSubmit={onSubmit}
          isSubmitting={form.formState.isSubmitting}
          submitLabel={t('forgot.submit')}
        >
          <FormProblem message={problem} />
          <Field label={t('forgot.email')} error={errors.email?.message}>
            {(a) => <EmailInput {...a} className={fieldClass} {...form.register('email')} />}
          </Field>
        </PrerenderedForm>
      )}
      <Link to="/sign-in" className={`${textLink} inline-flex min-h-11 items-center self-start`}>
        {t('forgot.back')}
      </Link>
    </FormPage>
  );
}
