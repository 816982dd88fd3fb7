import type { FocusEvent } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { translateMessage } from '../../../lib/messages.ts';
import type { LoanFormInput, LoanFormValues } from '../lib/loan-form-fields.ts';
import { CUSTOM_TERM, parseCustomTerm, type PolicyFils } from '../lib/loan-terms.ts';

/** The repayment term: one of the policy's, or a number of months of the member's own. */
export function TermChoice({
  form,
  policy,
}: {
  form: UseFormReturn<LoanFormInput, unknown, LoanFormValues>;
  policy: PolicyFils;
}) {
  const i18n = useTexts();
  const { errors } = form.formState;
  const term = useWatch({ control: form.control, name: 'term' });
  const termOptions = [
    ...policy.terms.map((m) => ({
      value: String(m),
      label: i18n._('loans.apply.months', { count: m }),
    })),
    ...(policy.allowCustomTerm
      ? [{ value: CUSTOM_TERM, label: i18n._('loans.apply.custom') }]
      : []),
  ];

  return (
    <>
      <fieldset
        aria-describedby={errors.term ? 'loan-term-error' : undefined}
        className="flex flex-col gap-2"
      >
        <legend className="text-sm font-medium text-slate-800">{i18n._('loans.apply.term')}</legend>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {termOptions.map((option) => (
            <label key={option.value} className="relative">
              <input
                type="radio"
                value={option.value}
                className="peer sr-only"
                {...form.register('term')}
              />
              <span className="flex min-h-11 cursor-pointer items-center justify-center rounded-lg border border-slate-300 bg-white px-2 text-center text-sm font-semibold text-slate-800 peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700">
                {option.label}
              </span>
            </label>
          ))}
        </div>
        {errors.term && (
          <p id="loan-term-error" role="alert" className="text-sm text-red-700">
            {translateMessage(errors.term.message ?? '')}
          </p>
        )}
      </fieldset>

      {term === CUSTOM_TERM && (
        <Field
          label={i18n._('loans.apply.customTerm')}
          hint={i18n._('loans.apply.customTermHint', { max: policy.maxCustomTerm })}
          error={errors.custom_term?.message}
        >
          {(a) => (
            <input
              {...a}
              type="number"
              inputMode="decimal"
              dir="ltr"
              min={1}
              max={policy.maxCustomTerm}
              step="any"
              className={inputClass}
              {...form.register('custom_term', {
                // Whole months only: 2.7 becomes 2 (docs/product.md 10.5).
                onBlur: (e: FocusEvent<HTMLInputElement>) => {
                  const result = parseCustomTerm(e.target.value, policy.maxCustomTerm);
                  if (result.ok && String(result.months) !== e.target.value) {
                    form.setValue('custom_term', String(result.months), { shouldValidate: true });
                  }
                },
              })}
            />
          )}
        </Field>
      )}
    </>
  );
}
