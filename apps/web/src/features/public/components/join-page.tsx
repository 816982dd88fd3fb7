import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { membershipApplication, type MembershipApplication } from '../lib/schemas.ts';
import { textLink } from './link-styles.ts';
import { Notice } from './notice.tsx';

// A field focused after an invalid submit must not land under the sticky top bar.
const fieldClass = `${inputClass} scroll-mt-32`;

const EMPTY: MembershipApplication = {
  name: '',
  email: '',
  mobile: '',
  passport_or_nid: '',
  address: '',
};

/**
 * The membership application (PRODUCT.md section 6). No call takes it yet, so a valid
 * submit sends nothing and says so; the treasurer-side work connects it to the server.
 */
export function JoinPage() {
  const { t } = useTranslation('public');
  const form = useForm<MembershipApplication>({
    resolver: zodResolver(membershipApplication),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const [notSentCount, setNotSentCount] = useState(0);
  const resultRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (notSentCount > 0) resultRef.current?.focus();
  }, [notSentCount]);

  const onSubmit = form.handleSubmit(
    () => setNotSentCount((n) => n + 1),
    () => setNotSentCount(0),
  );

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-10">
      <title>{t('join.pageTitle')}</title>
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{t('join.title')}</h1>
        <p className="mt-2 text-slate-700">{t('join.subtitle')}</p>
      </div>
      <Notice title={t('join.beforeTitle')}>
        <p>{t('join.beforeBody')}</p>
      </Notice>
      <form
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm"
      >
        <Field label={t('join.name')} error={errors.name?.message}>
          {(a) => (
            <input {...a} autoComplete="name" className={fieldClass} {...form.register('name')} />
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
        <Field label={t('join.mobile')} hint={t('join.mobileHint')} error={errors.mobile?.message}>
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
        <Field label={t('join.passport')} error={errors.passport_or_nid?.message}>
          {(a) => (
            <input
              {...a}
              autoComplete="off"
              className={fieldClass}
              {...form.register('passport_or_nid')}
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
        <div className="flex flex-col gap-2">
          <Button type="submit">{t('join.submit')}</Button>
          <p className="text-center text-sm text-slate-600">{t('join.submitHint')}</p>
        </div>
        {notSentCount > 0 && (
          <Notice ref={resultRef} isResult title={t('join.afterTitle')}>
            <p>{t('join.afterBody')}</p>
            <p className="font-semibold">{t('join.insteadTitle')}</p>
            <ol className="list-decimal ps-5">
              <li>{t('join.instead1')}</li>
              <li>{t('join.instead2')}</li>
              <li>{t('join.instead3')}</li>
            </ol>
          </Notice>
        )}
      </form>
      <p className="text-slate-700">
        {t('join.haveAccount')}{' '}
        <Link to="/sign-in" className={`${textLink} inline-flex min-h-11 items-center`}>
          {t('join.signIn')}
        </Link>
      </p>
    </div>
  );
}
