import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import { Link } from 'react-router';
import type { JoinRequest } from '@jamiya/contracts/membership';
import { EmailInput } from '../../../components/credential-inputs.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { LtrInput } from '../../../components/ltr-input.tsx';
import { FormPage } from '../../../components/form-page.tsx';
import { PrerenderedForm } from '../../../components/prerendered-form.tsx';
import { useSubmitApplication } from '../api/submit-application.ts';
import { primaryLink, textLink } from '../../../components/link-styles.ts';
import { Notice } from './notice.tsx';
import { FormProblem } from '../../../components/form-problem.tsx';
import { Outcome } from './outcome.tsx';
import { useProblemSubmit } from './use-problem-submit.ts';

// A field focused after an invalid submit must not land under the sticky top bar.
const fieldClass = `${inputClass} scroll-mt-32`;

const FIELDS = ['name', 'email', 'mobile', 'national_id', 'address'] as const;
const EMPTY: JoinRequest = { name: '', email: '', mobile: '', national_id: '', address: '' };

/** Join Now (docs/product.md section 6): the application the committee accepts or rejects. */
const resolver = lazyZodResolver(() =>
  import('@jamiya/contracts/membership').then((m) => m.joinRequest),
);

export function JoinPage() {
  const i18n = useTexts();
  const submit = useSubmitApplication();
  const form = useForm<JoinRequest>({ resolver, defaultValues: EMPTY });
  const { errors } = form.formState;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { problem, onSubmit } = useProblemSubmit(form, FIELDS, async (values) => {
    await submit.mutateAsync(values);
    setSentTo(values.email.trim());
  });

  return (
    <FormPage
      pageTitle={i18n._('public.join.pageTitle')}
      title={i18n._('public.join.title')}
      subtitle={i18n._('public.join.subtitle')}
      isWide
    >
      {sentTo ? (
        <Outcome tone="success" title={i18n._('public.join.doneTitle')}>
          <p className="wrap-anywhere">{i18n._('public.join.doneBody', { email: sentTo })}</p>
          <ol className="list-decimal ps-5 text-sm">
            <li>{i18n._('public.join.next1')}</li>
            <li>{i18n._('public.join.next2')}</li>
            <li>{i18n._('public.join.next3')}</li>
          </ol>
          <Link to="/" className={`${primaryLink} self-start`}>
            {i18n._('public.join.home')}
          </Link>
        </Outcome>
      ) : (
        <>
          <Notice title={i18n._('public.join.beforeTitle')}>
            <p>{i18n._('public.join.beforeBody')}</p>
          </Notice>
          <PrerenderedForm
            onSubmit={onSubmit}
            isSubmitting={form.formState.isSubmitting}
            submitLabel={i18n._('public.join.submit')}
          >
            <FormProblem message={problem} className="font-medium" />
            <Field label={i18n._('public.join.name')} error={errors.name?.message}>
              {(a) => (
                <input
                  {...a}
                  autoComplete="name"
                  className={fieldClass}
                  {...form.register('name')}
                />
              )}
            </Field>
            <Field label={i18n._('public.join.email')} error={errors.email?.message}>
              {(a) => <EmailInput {...a} className={fieldClass} {...form.register('email')} />}
            </Field>
            <Field
              label={i18n._('public.join.mobile')}
              hint={i18n._('public.join.mobileHint')}
              error={errors.mobile?.message}
            >
              {(a) => (
                <input
                  {...a}
                  type="tel"
                  autoComplete="tel"
                  inputMode="tel"
                  dir="ltr"
                  className={fieldClass}
                  {...form.register('mobile')}
                />
              )}
            </Field>
            <Field
              label={i18n._('public.join.passport')}
              hint={i18n._('public.join.passportHint')}
              error={errors.national_id?.message}
            >
              {(a) => <LtrInput {...a} className={fieldClass} {...form.register('national_id')} />}
            </Field>
            <Field
              label={i18n._('public.join.address')}
              hint={i18n._('public.join.addressHint')}
              error={errors.address?.message}
            >
              {(a) => (
                <textarea
                  {...a}
                  rows={3}
                  autoComplete="street-address"
                  className={fieldClass}
                  {...form.register('address')}
                />
              )}
            </Field>
          </PrerenderedForm>
          <p className="text-slate-700">
            {i18n._('public.join.haveAccount')}{' '}
            <Link to="/sign-in" className={`${textLink} inline-flex min-h-11 items-center`}>
              {i18n._('public.join.signIn')}
            </Link>
          </p>
        </>
      )}
    </FormPage>
  );
}
