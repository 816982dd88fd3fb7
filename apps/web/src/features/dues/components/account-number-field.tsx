import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n.tsx';
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
  const { t } = useTranslation('dues');
  return (
    <Field label={label} hint={t('form.accountNumberHint')} error={error}>
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
