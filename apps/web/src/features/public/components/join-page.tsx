import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useIsHydrated } from '../../../lib/use-is-hydrated.ts';
import { Link } from 'react-router';
import type { JoinRequest } from '@jamiya/contracts/membership';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { applyServerErrors, errorMessage } from '../../../lib/messages.ts';
import { useSubmitApplication } from '../api/submit-application.ts';
import { primaryLink, textLink } from '../../../components/link-styles.ts';
import { Notice } from './notice.tsx';
import { FormProblem, Outcome } from './outcome.tsx';

// A field focused after an invalid submit must not land under the sticky top bar.
const fieldClass = `${inputClass} scroll-mt-32`;

const FIELDS = ['name', 'email', 'mobile', 'national_id', 'address'] as const;
const EMPTY: JoinRequest = { name: '', email: '', mobile: '', national_id: '', address: '' };

/** Join Now (docs/product.md section 6): the application the committee accepts or rejects. */
const resolver = lazyZodResolver(() =>
  import('@jamiya/contracts/membership').then((m) => m.joinRequest),
);

export function JoinPage() {
  const { t } = useTranslation('public');
  const submit = useSubmitApplication();
  const isHydrated = useIsHydrated();
  const form = useForm<JoinRequest>({ resolver, defaultValues: EMPTY });
  const { errors } = form.formState;
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(
    async (values) => {
      setProblem(null);
      try {
        await submit.mutateAsync(values);
        setSentTo(values.email.trim());
      } catch (error) {
        applyServerErrors(error, form.setError, FIELDS);
        setProblem(errorMessage(error));
      }
    },
    () => setProblem(null),
  );

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-10">
      <title>{t('join.pageTitle')}</title>
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{t('join.title')}</h1>
        <p className="mt-2 text-slate-700">{t('join.subtitle')}</p>
      </div>
      {sentTo ? (
        <Outcome tone="success" title={t('join.doneTitle')}>
          <p className="wrap-anywhere">{t('join.doneBody', { email: sentTo })}</p>
          <ol className="list-decimal ps-5 text-sm">
            <li>{t('join.next1')}</li>
            <li>{t('join.next2')}</li>
            <li>{t('join.next3')}</li>
          </ol>
          <Link to="/" className={`${primaryLink} self-start`}>
            {t('join.home')}
          </Link>
        </Outcome>
      ) : (
        <>
          <Notice title={t('join.beforeTitle')}>
            <p>{t('join.beforeBody')}</p>
          </Notice>
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
              <Field label={t('join.name')} error={errors.name?.message}>
                {(a) => (
                  <input
                    {...a}
                    autoComplete="name"
                    className={fieldClass}
                    {...form.register('name')}
                  />
                )}
              </Field>
              <Field label={t('join.email')} error={errors.email?.message}>
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
              <Field
                label={t('join.mobile')}
                hint={t('join.mobileHint')}
                error={errors.mobile?.message}
              >
                {(a) => (
                  <input
                    {...a}
                    type="tel"
                    autoComplete="tel"
                    inputMode="tel"
                    className={fieldClass}
                    {...form.register('mobile')}
                  />
                )}
              </Field>
              <Field
                label={t('join.passport')}
                hint={t('join.passportHint')}
                error={errors.national_id?.message}
              >
                {(a) => (
                  <input
                    {...a}
                    autoComplete="off"
                    className={fieldClass}
                    {...form.register('national_id')}
                  />
                )}
              </Field>
              <Field
                label={t('join.address')}
                hint={t('join.addressHint')}
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
              <Button
                type="submit"
                // Disabled by the fieldset too; named here so that checkers see it as disabled.
                disabled={!isHydrated}
                isBusy={form.formState.isSubmitting}
              >
                {t('join.submit')}
              </Button>
            </fieldset>
          </form>
          <p className="text-slate-700">
            {t('join.haveAccount')}{' '}
            <Link to="/sign-in" className={`${textLink} inline-flex min-h-11 items-center`}>
              {t('join.signIn')}
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
