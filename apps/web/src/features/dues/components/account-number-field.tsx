import { useEffect } from 'react';
import type {
  FieldValues,
  Path,
  PathValue,
  UseFormRegisterReturn,
  UseFormReturn,
} from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import { Field, inputClass } from '../../../components/field.tsx';

/**
 * The account the member paid from, as the committee finds it on the bank statement: typed
 * as it is written (no autofill, no spelling marks), left to right in Arabic and Urdu too.
 * `field` is the form's registration.
 */
export function AccountNumberField({
  label,
  error,
  field,
}: {
  label: string;
  error: string | undefined;
  field: UseFormRegisterReturn;
}) {
  const i18n = useTexts();
  return (
    <Field label={label} hint={i18n._('dues.form.accountNumberHint')} error={error}>
      {(a) => (
        <input
          {...a}
          type="text"
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          className={inputClass}
          {...field}
        />
      )}
    </Field>
  );
}

/**
 * The account of the member's last receipt, offered in the form once it is known: the form may
 * open before the member's payments have come. What the member typed is kept.
 */
export function useRememberedAccount<T extends FieldValues & { account_number?: unknown }, O>(
  form: UseFormReturn<T, unknown, O>,
  accountNumber: string,
): void {
  useEffect(() => {
    const field = 'account_number' as Path<T>;
    if (accountNumber && !form.getValues(field) && !form.getFieldState(field).isDirty)
      form.setValue(field, accountNumber as PathValue<T, Path<T>>);
  }, [form, accountNumber]);
}
