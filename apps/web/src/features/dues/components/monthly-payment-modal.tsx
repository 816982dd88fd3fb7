import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n.tsx';
import { MONTH_NAMES, type MonthName } from '@jamiya/contracts/values';
import { filsToAed, tryParseAed, type Fils } from '@jamiya/money/fils';
import { AmountInput } from '../../../components/amount-input.tsx';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { Modal, ModalActions } from '../../../components/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { aed } from '../../../lib/format.ts';
import { applyServerErrors, toastError, toastNotice, toastSuccess } from '../../../lib/messages.ts';
import {
  monthlyPaymentRequest,
  paymentFieldNames,
  useSubmitPayment,
  type MonthlyPaymentFormInput,
  type MonthlyPaymentFormOutput,
} from '../api/save-monthly-payment.ts';
import { periodLabel } from '../../../lib/dates.ts';
import { monthLabel, monthNameOfPeriod } from '../utils/months.ts';
import type { MonthlyRow } from './monthly-rows.tsx';
import { AccountNumberField, useRememberedAccount } from './account-number-field.tsx';
import { PaymentInstructions } from './payment-instructions.tsx';
import { ReceiptField } from './receipt-field.tsx';
import { UploadProgress } from './sending.tsx';
import { NeedsNetwork } from '../../../components/needs-network.tsx';

export interface MonthlyPaymentDefaults {
  /** Preselected when the member pays a due row; otherwise no month is chosen (docs/product.md 10.5). */
  month?: MonthName | undefined;
  amount: string;
  accountNumber: string;
  /** The monthly due, already formatted, for the hint under the amount. */
  monthlyDueText?: string | undefined;
  /** The member's months, newest first: what each month's name stands for and what is left of it. */
  rows?: MonthlyRow[] | undefined;
}

/**
 * Each month name's row: the newest month of that name, as the server reads a month name
 * (the latest one not after this month); the list is newest first.
 */
function rowsByMonthName(rows: MonthlyRow[]): Partial<Record<MonthName, MonthlyRow>> {
  const byName: Partial<Record<MonthName, MonthlyRow>> = {};
  for (const row of rows) {
    const name = monthNameOfPeriod(row.period);
    if (name && !byName[name]) byName[name] = row;
  }
  return byName;
}

/** JSON amounts have at most two decimals, so their shortest text is exact. */
const amountText = (amount: number) => String(amount);

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
  const payment = useSubmitPayment();
  const byName = useMemo(() => rowsByMonthName(defaults.rows ?? []), [defaults.rows]);
  // The schema knows what is left of each month, to refuse more with the month's words.
  const resolver = useMemo(() => {
    const remainingFils: Partial<Record<MonthName, Fils>> = {};
    for (const [name, row] of Object.entries(byName) as [MonthName, MonthlyRow][]) {
      const fils = tryParseAed(row.remaining);
      if (fils !== null) remainingFils[name] = fils;
    }
    const tooMuch = (name: MonthName, left: Fils) => {
      const month = periodLabel(byName[name]!.period);
      return left === 0
        ? t('form.nothingLeft', { month })
        : t('form.tooMuch', { month, amount: aed(filsToAed(left)) });
    };
    return lazyZodResolver(() =>
      import('../lib/payment-forms.ts').then((m) =>
        m.monthlyPaymentFormFor({ remainingFils, tooMuch }),
      ),
    );
  }, [byName, t]);
  const form = useForm<MonthlyPaymentFormInput, unknown, MonthlyPaymentFormOutput>({
    resolver,
    defaultValues: {
      account_number: defaults.accountNumber,
      month: defaults.month ?? '',
      payment_amount: defaults.amount,
    },
  });
  const { errors } = form.formState;
  useRememberedAccount(form, defaults.accountNumber);
  const month = useWatch({ control: form.control, name: 'month' });
  const row = byName[month as MonthName];

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const sent = await payment.submit(
        await monthlyPaymentRequest(values, byName[values.month]?.period),
      );
      if (sent === 'kept') toastNotice(t('form.kept'));
      else toastSuccess(sent.message);
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
      <PaymentInstructions compact />
      <AccountNumberField
        label={t('form.accountNumber')}
        error={errors.account_number?.message}
        field={form.register('account_number')}
      />
      <Field label={t('form.month')} error={errors.month?.message}>
        {(a) => (
          <select
            {...a}
            className={inputClass}
            {...form.register('month', {
              // Another month: the amount becomes what is left of it.
              onChange: (e: { target: { value: string } }) => {
                const chosen = byName[e.target.value as MonthName];
                if (chosen && chosen.remaining > 0)
                  form.setValue('payment_amount', amountText(chosen.remaining));
              },
            })}
          >
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
      <ReceiptField control={form.control} error={errors.photo?.message} />
      <Field
        label={t('form.amount')}
        hint={
          row
            ? row.paid > 0 && row.remaining > 0
              ? t('form.monthPartPaid', {
                  month: periodLabel(row.period),
                  due: aed(row.amount),
                  paid: aed(row.paid),
                  left: aed(row.remaining),
                })
              : t('form.monthDue', { month: periodLabel(row.period), due: aed(row.amount) })
            : defaults.monthlyDueText
              ? t('form.amountHint', { amount: defaults.monthlyDueText })
              : undefined
        }
        error={errors.payment_amount?.message}
      >
        {(a) => <AmountInput {...a} {...form.register('payment_amount')} />}
      </Field>
      <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
        {t('form.creditNote')}
      </p>
      {/* Without a network the payment waits on the phone. */}
      <NeedsNetwork>{t('form.offline')}</NeedsNetwork>
      <UploadProgress progress={payment.progress} />
      <ModalActions>
        <Button variant="secondary" onClick={onCancel}>
          {tc('cancel')}
        </Button>
        <Button type="submit" isBusy={form.formState.isSubmitting}>
          {t('form.submit')}
        </Button>
      </ModalActions>
    </form>
  );
}
