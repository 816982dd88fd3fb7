import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
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
  const i18n = useTexts();
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
      pageTitle={i18n._('public.forgot.pageTitle')}
      title={i18n._('public.forgot.title')}
      subtitle={i18n._('public.forgot.subtitle')}
    >
      {sentTo ? (
        <Outcome tone="success" title={i18n._('public.forgot.doneTitle')}>
          <p className="wrap-anywhere">{i18n._('public.forgot.doneBody', { email: sentTo })}</p>
          <p className="text-sm">{i18n._('public.forgot.doneNoMail')}</p>
          <Button
            variant="secondary"
            className="self-start"
            onClick={() => {
              form.reset({ email: '' });
              setSentTo(null);
            }}
          >
            {i18n._('public.forgot.again')}
          </Button>
        </Outcome>
      ) : (
        <PrerenderedForm
          onSubmit={onSubmit}
          isSubmitting={form.formState.isSubmitting}
          submitLabel={i18n._('public.forgot.submit')}
        >
          <FormProblem message={problem} className="font-medium" />
          <Field label={i18n._('public.forgot.email')} error={errors.email?.message}>
            {(a) => <EmailInput {...a} className={fieldClass} {...form.register('email')} />}
          </Field>
        </PrerenderedForm>
      )}
      <Link to="/sign-in" className={`${textLink} inline-flex min-h-11 items-center self-start`}>
        {i18n._('public.forgot.back')}
      </Link>
    </FormPage>
  );
}
