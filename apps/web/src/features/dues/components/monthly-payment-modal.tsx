import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { Suspense, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTexts, type Texts } from '../../../lib/i18n.tsx';
import { tryParseAed, type Fils } from '@jamiya/money/fils';
import { AmountInput } from '../../../components/amount-input.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { FormModal } from '../../../components/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { aed, aedFils } from '../../../lib/format.ts';
import { showFormErrors, toastNotice, toastSuccess } from '../../../lib/messages.ts';
import {
  monthlyPaymentRequest,
  paymentFieldNames,
  useSubmitPayment,
  type MonthlyPaymentFormInput,
  type MonthlyPaymentFormOutput,
} from '../api/save-monthly-payment.ts';
import { periodLabel } from '../../../lib/dates.ts';
import type { PayableMonth } from '../lib/months.ts';
import { AccountNumberField, useRememberedAccount } from './account-number-field.tsx';
import { PaymentInstructions } from './payment-instructions.tsx';
import { ReceiptField } from './receipt-field.tsx';
import { laterTransferDetails } from './later-transfer-details.ts';
import { SendingActions } from './sending.tsx';

const TransferDetails = laterTransferDetails<MonthlyPaymentFormInput, MonthlyPaymentFormOutput>();

export interface MonthlyPaymentDefaults {
  /** The month (YYYY-MM) preselected when the member pays a row; otherwise none is chosen (docs/product.md 10.5). */
  month?: string | undefined;
  amount: string;
  accountNumber: string;
  /** The monthly due, already formatted, for the hint under the amount. */
  monthlyDueText?: string | undefined;
  /** The months the member can pay: owed ones, and those ahead (lib/months.ts). */
  months?: { owed: PayableMonth[]; ahead: PayableMonth[] } | undefined;
  /** The member's ID, to write in the transfer. */
  memberId?: string | undefined;
}

/** JSON amounts have at most two decimals, so their shortest text is exact. */
const amountText = (amount: number) => String(amount);

/**
 * The Monthly Payment modal: account number, month, receipt and amount, all required; the
 * transfer's date and the bank's reference, optional.
 */
export function MonthlyPaymentModal({
  isOpen,
  onClose,
  defaults,
}: {
  isOpen: boolean;
  onClose: () => void;
  defaults: MonthlyPaymentDefaults;
}) {
  const i18n = useTexts();
  return (
    <FormModal isOpen={isOpen} onClose={onClose} title={i18n._('dues.form.title')}>
      {(onInvalid) => (
        <MonthlyPaymentForm
          defaults={defaults}
          onCancel={onClose}
          onDone={onClose}
          onInvalid={onInvalid}
        />
      )}
    </FormModal>
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
  const i18n = useTexts();
  const payment = useSubmitPayment();
  const owed = defaults.months?.owed;
  const ahead = defaults.months?.ahead;
  const byPeriod = useMemo(
    () => new Map([...(owed ?? []), ...(ahead ?? [])].map((m) => [m.period, m])),
    [owed, ahead],
  );
  // The schema knows what is left of each month, to refuse more with the month's words.
  const resolver = useMemo(() => {
    const remainingFils: Record<string, Fils> = {};
    for (const [period, month] of byPeriod) {
      const fils = tryParseAed(month.remaining);
      if (fils !== null) remainingFils[period] = fils;
    }
    const tooMuch = (period: string, left: Fils) =>
      i18n._('dues.form.tooMuch', { month: periodLabel(period), amount: aedFils(left) });
    const afterToday = i18n._('dues.transfer.afterToday');
    return lazyZodResolver(() =>
      import('../lib/payment-forms.ts').then((m) =>
        m.monthlyPaymentFormFor({ remainingFils, tooMuch, afterToday }),
      ),
    );
  }, [byPeriod, i18n]);
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
  const chosen = byPeriod.get(month);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const sent = await payment.submit(
        await monthlyPaymentRequest(values, byPeriod.get(values.month)?.period),
      );
      if (sent === 'kept') toastNotice(i18n._('dues.form.kept'));
      else toastSuccess(sent.message);
      form.reset();
      onDone();
    } catch (error) {
      showFormErrors(error, form.setError, paymentFieldNames);
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) onInvalid();
    }
  }, onInvalid);

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <PaymentInstructions compact memberId={defaults.memberId} />
      <AccountNumberField
        label={i18n._('dues.form.accountNumber')}
        error={errors.account_number?.message}
        field={form.register('account_number')}
      />
      <Field label={i18n._('dues.form.month')} error={errors.month?.message}>
        {(a) => (
          <select
            {...a}
            className={inputClass}
            {...form.register('month', {
              // Another month: the amount becomes what is left of it.
              onChange: (e: { target: { value: string } }) => {
                const picked = byPeriod.get(e.target.value);
                if (picked) form.setValue('payment_amount', amountText(picked.remaining));
              },
            })}
          >
            <option value="" disabled>
              {i18n._('dues.form.monthPlaceholder')}
            </option>
            {owed && owed.length > 0 && (
              <optgroup label={i18n._('dues.form.monthsOwed')}>
                {owed.map((m) => (
                  <MonthOption key={m.period} month={m} />
                ))}
              </optgroup>
            )}
            {ahead && ahead.length > 0 && (
              <optgroup label={i18n._('dues.form.monthsAhead')}>
                {ahead.map((m) => (
                  <MonthOption key={m.period} month={m} />
                ))}
              </optgroup>
            )}
          </select>
        )}
      </Field>
      <ReceiptField control={form.control} error={errors.photo?.message} />
      <Field
        label={i18n._('dues.form.amount')}
        hint={
          chosen
            ? monthHint(i18n, chosen)
            : defaults.monthlyDueText
              ? i18n._('dues.form.amountHint', { amount: defaults.monthlyDueText })
              : undefined
        }
        error={errors.payment_amount?.message}
      >
        {(a) => <AmountInput {...a} {...form.register('payment_amount')} />}
      </Field>
      <Suspense fallback={null}>
        <TransferDetails control={form.control} />
      </Suspense>
      <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
        {i18n._('dues.form.creditNote')}
      </p>
      <SendingActions
        progress={payment.progress}
        isSubmitting={form.formState.isSubmitting}
        submitLabel={i18n._('dues.form.submit')}
        onCancel={onCancel}
      />
    </form>
  );
}

/** What the chosen month asks (its due and late fine together), and what is left of it. */
function monthHint(i18n: Texts, chosen: PayableMonth): string {
  const month = periodLabel(chosen.period);
  const due = aed(chosen.due);
  return chosen.paid > 0
    ? i18n._('dues.form.monthPartPaid', {
        month,
        due,
        paid: aed(chosen.paid),
        left: aed(chosen.remaining),
      })
    : i18n._('dues.form.monthDue', { month, due });
}

/** A month of the picker: its name and year, and what is left to pay of it. */
function MonthOption({ month }: { month: PayableMonth }) {
  const i18n = useTexts();
  const label = periodLabel(month.period);
  return (
    <option value={month.period}>
      {month.paid > 0
        ? i18n._('dues.form.monthLeft', { month: label, amount: aed(month.remaining) })
        : i18n._('dues.form.monthOwed', { month: label, amount: aed(month.remaining) })}
    </option>
  );
}
