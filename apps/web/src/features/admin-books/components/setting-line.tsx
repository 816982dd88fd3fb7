// A setting of the settings form typed on one line: a text, or a number with a phone's keypad.
import type { Path } from 'react-hook-form';
import { Field, inputClass } from '../../../components/field.tsx';
import type { SettingsForm, SettingsFormInput } from '../lib/settings-form.ts';

/**
 * No autofill: these are the association's words and figures, not the treasurer's; `inputMode`
 * brings a phone's keypad for a number, typed left to right in Arabic and Urdu too.
 */
export function SettingLine({
  form,
  name,
  label,
  error,
  hint,
  inputMode,
}: {
  form: SettingsForm;
  name: Path<SettingsFormInput>;
  label: string;
  error: string | undefined;
  hint?: string;
  inputMode?: 'decimal' | 'numeric';
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(a) => (
        <input
          {...a}
          inputMode={inputMode}
          {...(inputMode ? { dir: 'ltr' } : {})}
          autoComplete="off"
          className={inputClass}
          {...form.register(name)}
        />
      )}
    </Field>
  );
}
