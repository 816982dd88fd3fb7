import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { PhoneIcon } from '../../../components/icons.tsx';
import {
  mobileRechargeForm,
  RECHARGE_OPERATORS,
  type MobileRechargeInput,
  type MobileRechargeValues,
} from '../lib/mobile-recharge-schema.ts';

/**
 * The mobile recharge form of spec section 2. The call that would send a recharge request
 * does not exist yet (PRODUCT.md section 7 plans it), so a valid form says plainly that
 * nothing was sent; it never pretends a recharge was made.
 */
export function MobileRechargeForm({
  headingLevel = 'h2',
  intro,
}: {
  headingLevel?: 'h1' | 'h2';
  intro?: string;
}) {
  const { t } = useTranslation('home');
  const [isNoticeShown, setNoticeShown] = useState(false);
  const form = useForm<MobileRechargeInput, unknown, MobileRechargeValues>({
    resolver: zodResolver(mobileRechargeForm),
    defaultValues: { number: '', amount: '', operator: '' },
  });
  const { errors } = form.formState;
  const Heading = headingLevel;
  const titleId = useId();

  const onSubmit = form.handleSubmit(
    () => setNoticeShown(true),
    () => setNoticeShown(false),
  );

  return (
    <section aria-labelledby={titleId} className="rounded-2xl bg-white p-4 shadow-sm md:p-6">
      <div className="mb-4 flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-800">
          <PhoneIcon className="size-5" />
        </span>
        <Heading
          id={titleId}
          className={`font-bold text-slate-900 ${headingLevel === 'h1' ? 'text-2xl' : 'text-lg'}`}
        >
          {t('recharge.title')}
        </Heading>
      </div>
      {intro && <p className="-mt-2 mb-4 text-slate-700">{intro}</p>}
      <form noValidate onSubmit={onSubmit} className="grid gap-4 md:grid-cols-3">
        <Field
          label={t('recharge.number')}
          hint={t('recharge.numberHint')}
          error={errors.number?.message && t(errors.number.message)}
        >
          {(a) => (
            <input
              {...a}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder={t('recharge.numberPlaceholder')}
              className={inputClass}
              {...form.register('number', { onChange: () => setNoticeShown(false) })}
            />
          )}
        </Field>
        <Field
          label={t('recharge.amount')}
          hint={t('recharge.amountHint')}
          error={errors.amount?.message && t(errors.amount.message)}
        >
          {(a) => (
            <input
              {...a}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('recharge.amountPlaceholder')}
              className={inputClass}
              {...form.register('amount', { onChange: () => setNoticeShown(false) })}
            />
          )}
        </Field>
        <Field
          label={t('recharge.operator')}
          error={errors.operator?.message && t(errors.operator.message)}
        >
          {(a) => (
            <select
              {...a}
              className={inputClass}
              {...form.register('operator', { onChange: () => setNoticeShown(false) })}
            >
              <option value="" disabled>
                {t('recharge.operatorPlaceholder')}
              </option>
              {RECHARGE_OPERATORS.map((op) => (
                <option key={op} value={op}>
                  {t(`recharge.operators.${op}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="flex flex-col gap-3 md:col-span-3">
          <Button type="submit" className="w-full md:w-auto md:self-start">
            {t('recharge.submit')}
          </Button>
          <div role="status">
            {isNoticeShown && (
              <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
                <p className="font-semibold">{t('recharge.notSentTitle')}</p>
                <p className="mt-1 text-sm">{t('recharge.notSentBody')}</p>
              </div>
            )}
          </div>
          <p className="text-sm text-slate-600">{t('recharge.delayNote')}</p>
        </div>
      </form>
    </section>
  );
}
