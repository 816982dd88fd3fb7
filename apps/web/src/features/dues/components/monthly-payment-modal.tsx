import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n.tsx';
import { MONTH_NAMES, type MonthName } from '@jamiya/contracts/values';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, toastError, toastSuccess } from '../../../lib/messages.ts';
import {
  paymentFieldNames,
  usePayMonthlyDue,
  type MonthlyPaymentFormInput,
  type MonthlyPaymentFormOutput,
} from '../api/save-monthly-payment.ts';
import { monthLabel } from '../utils/months.ts';
import { ReceiptPreview } from './receipt-preview.tsx';

const resolver = lazyZodResolver(() =>
  import('../lib/payment-forms.ts').then((m) => m.monthlyPaymentForm),
);

export interface MonthlyPaymentDefaults {
  /** Preselected when the member pays a due row; otherwise no month is chosen (spec section 5). */
  month?: MonthName | undefined;
  amount: string;
  accountNumber: string;
  /** The monthly due, already formatted, for the hint under the amount. */
  monthlyDueText?: string | undefined;
}

/** The Monthly Payment modal: account number, month, receipt and amount, all required. */
export function MonthlyPaymentModal({
  isOpen,
  onClose,
  defaults,
}: {
  isOpen: boolean;
  onClose: () => void;
  defaults: MonthlyPaymentDefaults;
}) {
  const { t } = useTranslation('dues');
  const [shakeSignal, setShakeSignal] = useState(0);
  return (
    <Modal isOpen={isOpen} onClose={onClose} title={t('form.title')} shakeSignal={shakeSignal}>
      <MonthlyPaymentForm
        defaults={defaults}
        onCancel={onClose}
        onDone={onClose}
        onInvalid={() => setShakeSignal((n) => n + 1)}
      />
    </Modal>
  );
}

function MonthlyPaymentForm({
  defaults,
  onCancel,
  onDone,
  onInvalid,
}: {
  defaults: MonthlyPaymentDefaults;
  onCancel: () => void;
  onDone: () => void;
  onInvalid: () => void;
}) {
  const { t } = useTranslation('dues');
  const { t: tc } = useTranslation();
  const pay = usePayMonthlyDue();
  const form = useForm<MonthlyPaymentFormInput, unknown, MonthlyPaymentFormOutput>({
    resolver,
    defaultValues: {
      account_number: defaults.accountNumber,
      month: defaults.month ?? '',
      payment_amount: defaults.amount,
    },
  });
  const { errors } = form.formState;
  const photo = useWatch({ control: form.control, name: 'photo' });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await pay.mutateAsync(values);
      toastSuccess(res.message);
      form.reset();
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, paymentFieldNames);
      toastError(error);
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) onInvalid();
    }
  }, onInvalid);

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Field
        label={t('form.accountNumber')}
        hint={t('form.accountNumberHint')}
        error={errors.account_number?.message}
      >
        {(a) => (
          <input
            {...a}
            type="text"
            autoComplete="off"
            spellCheck={false}
            className={inputClass}
            {...form.register('account_number')}
          />
        )}
      </Field>
      <Field label={t('form.month')} error={errors.month?.message}>
        {(a) => (
          <select {...a} className={inputClass} {...form.register('month')}>
            <option value="" disabled>
              {t('form.monthPlaceholder')}
            </option>
            {MONTH_NAMES.map((name, index) => (
              <option key={name} value={name}>
                {monthLabel(index)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('form.receipt')} hint={t('form.receiptHint')} error={errors.photo?.message}>
        {(a) => (
          <Controller
            control={form.control}
            name="photo"
            render={({ field }) => (
              <input
                {...a}
                ref={field.ref}
                name={field.name}
                onBlur={field.onBlur}
                onChange={(e) => field.onChange(e.target.files?.[0])}
                type="file"
                accept="image/*,application/pdf"
                className={`${inputClass} file:me-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800`}
              />
            )}
          />
        )}
      </Field>
      {photo instanceof File && <ReceiptPreview file={photo} />}
      <Field
        label={t('form.amount')}
        hint={
          defaults.monthlyDueText
            ? t('form.amountHint', { amount: defaults.monthlyDueText })
            : undefined
        }
        error={errors.payment_amount?.message}
      >
        {(a) => (
          <input
            {...a}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            className={inputClass}
            {...form.register('payment_amount')}
          />
        )}
      </Field>
      <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
        {t('form.creditNote')}
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {tc('cancel')}
        </Button>
        <Button type="submit" isBusy={form.formState.isSubmitting}>
          {t('form.submit')}
        </Button>
      </div>
    </form>
  );
}
