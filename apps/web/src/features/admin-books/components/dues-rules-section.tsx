import type { UseFormReturn } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import type { SettingsFormInput, SettingsFormValues } from '../lib/settings-form.ts';
import { SettingsSection } from './settings-section.tsx';

type Rule = keyof SettingsFormInput['dues_rules'];

/**
 * The dues calendar (docs/domain/dues.md, Payday and fines): when a month's due falls due, when
 * its reminder goes, how long its grace lasts and what a late month is fined. Checked by the
 * shared schema with the rest of the form.
 */
export function DuesRulesSection({
  form,
}: {
  form: UseFormReturn<SettingsFormInput, unknown, SettingsFormValues>;
}) {
  const i18n = useTexts();
  const errors = form.formState.errors.dues_rules;
  const rules: { name: Rule; label: string; hint: string; inputMode: 'numeric' | 'decimal' }[] = [
    {
      name: 'due_day',
      label: i18n._('admin-books.settings.dues.dueDay'),
      hint: i18n._('admin-books.settings.dues.dueDayHint'),
      inputMode: 'numeric',
    },
    {
      name: 'reminder_days_before',
      label: i18n._('admin-books.settings.dues.reminderDaysBefore'),
      hint: i18n._('admin-books.settings.dues.reminderDaysBeforeHint'),
      inputMode: 'numeric',
    },
    {
      name: 'grace_days',
      label: i18n._('admin-books.settings.dues.graceDays'),
      hint: i18n._('admin-books.settings.dues.graceDaysHint'),
      inputMode: 'numeric',
    },
    {
      name: 'fine_amount',
      label: i18n._('admin-books.settings.dues.fineAmount'),
      hint: i18n._('admin-books.settings.dues.fineAmountHint'),
      inputMode: 'decimal',
    },
    {
      name: 'fine_percent',
      label: i18n._('admin-books.settings.dues.finePercent'),
      hint: i18n._('admin-books.settings.dues.finePercentHint'),
      inputMode: 'numeric',
    },
  ];
  return (
    <SettingsSection id="settings-dues" title={i18n._('admin-books.settings.dues.title')}>
      <p className="text-sm text-slate-700">{i18n._('admin-books.settings.dues.intro')}</p>
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
                inputMode={rule.inputMode}
                dir="ltr"
                autoComplete="off"
                className={inputClass}
                {...form.register(`dues_rules.${rule.name}`)}
              />
            )}
          </Field>
        ))}
      </div>
    </SettingsSection>
  );
}
