import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { passwordResetRequest, type PasswordResetRequest } from '../lib/schemas.ts';
import { textLink } from './link-styles.ts';
import { Notice } from './notice.tsx';

// A field focused after an invalid submit must not land under the sticky top bar.
const fieldClass = `${inputClass} scroll-mt-32`;

/**
 * Forgot password (PRODUCT.md section 6). Reset links cannot be sent yet, so a valid submit
 * sends nothing and says so; the treasurer-side work connects it to the server.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('public');
  const form = useForm<PasswordResetRequest>({
    resolver: zodResolver(passwordResetRequest),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;
  const [notSent, setNotSent] = useState<{ email: string; count: number } | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (notSent) resultRef.current?.focus();
  }, [notSent]);

  const onSubmit = form.handleSubmit(
    ({ email }) =>
      setNotSent((previous) => ({ email: email.trim(), count: (previous?.count ?? 0) + 1 })),
    () => setNotSent(null),
  );

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-10">
      <title>{t('forgot.pageTitle')}</title>
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{t('forgot.title')}</h1>
        <p className="mt-2 text-slate-700">{t('forgot.subtitle')}</p>
      </div>
      <Notice title={t('forgot.beforeTitle')}>
        <p>{t('forgot.beforeBody')}</p>
      </Notice>
      <form
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm"
      >
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
        <div className="flex flex-col gap-2">
          <Button type="submit">{t('forgot.submit')}</Button>
          <p className="text-center text-sm text-slate-600">{t('forgot.submitHint')}</p>
        </div>
        {notSent && (
          <Notice ref={resultRef} isResult title={t('forgot.afterTitle')}>
            <p className="wrap-anywhere">{t('forgot.afterBody', { email: notSent.email })}</p>
          </Notice>
        )}
      </form>
      <Link to="/sign-in" className={`${textLink} inline-flex min-h-11 items-center self-start`}>
        {t('forgot.back')}
      </Link>
    </div>
  );
}
