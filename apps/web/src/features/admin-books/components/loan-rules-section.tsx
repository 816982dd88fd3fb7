import type { UseFormReturn } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import type { SettingsFormInput, SettingsFormValues } from '../lib/settings-form.ts';
import { SettingsSection } from './settings-section.tsx';

type Rule = keyof SettingsFormInput['loan_rules'];

/**
 * Who may borrow how much (docs/domain/loan-lifecycle.md): four whole numbers, checked by the
 * shared schema with the rest of the form.
 */
export function LoanRulesSection({
  form,
}: {
  form: UseFormReturn<SettingsFormInput, unknown, SettingsFormValues>;
}) {
  const i18n = useTexts();
  const errors = form.formState.errors.loan_rules;
  const rules: { name: Rule; label: string; hint: string }[] = [
    {
      name: 'min_membership_months',
      label: i18n._('admin-books.settings.rules.minMembershipMonths'),
      hint: i18n._('admin-books.settings.rules.minMembershipMonthsHint'),
    },
    {
      name: 'max_months_in_arrears',
      label: i18n._('admin-books.settings.rules.maxMonthsInArrears'),
      hint: i18n._('admin-books.settings.rules.maxMonthsInArrearsHint'),
    },
    {
      name: 'savings_multiple',
      label: i18n._('admin-books.settings.rules.savingsMultiple'),
      hint: i18n._('admin-books.settings.rules.savingsMultipleHint'),
    },
    {
      name: 'guarantor_alert_days',
      label: i18n._('admin-books.settings.rules.guarantorAlertDays'),
      hint: i18n._('admin-books.settings.rules.guarantorAlertDaysHint'),
    },
  ];
  return (
    <SettingsSection id="settings-rules" title={i18n._('admin-books.settings.rules.title')}>
      <p className="text-sm text-slate-700">{i18n._('admin-books.settings.rules.intro')}</p>
      <div className="grid gap-4 md:grid-cols-2">
        {rules.map((rule) => (
          <Field
            key={rule.name}
            label={rule.label}
            hint={rule.hint}
            error={errors?.[rule.name]?.message}
          >
            {(a) => (
              // A number, typed left to right in Arabic too, with a phone's keypad.
              <input
                {...a}
                inputMode="numeric"
                dir="ltr"
                autoComplete="off"
                className={inputClass}
                {...form.register(`loan_rules.${rule.name}`)}
              />
            )}
          </Field>
        ))}
      </div>
    </SettingsSection>
  );
}
