import { useId } from 'react';
import type { Path, UseFormReturn } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import { Field } from '../../../components/field.tsx';
import { LtrInput } from '../../../components/ltr-input.tsx';
import type { SettingsFormInput, SettingsFormValues } from '../lib/settings-form.ts';
import { CardSection } from '../../../components/card-section.tsx';

type SettingsForm = UseFormReturn<SettingsFormInput, unknown, SettingsFormValues>;
type Group = 'loan_rules' | 'dues_rules';

interface Rule<G extends Group> {
  name: keyof SettingsFormInput[G] & string;
  label: string;
  hint: string;
  /** The phone's keypad: whole numbers unless said. */
  inputMode?: 'numeric' | 'decimal';
}

/** A group of the settings' rules: a number each, checked by the shared schema with the form. */
function RulesSection<G extends Group>({
  form,
  group,
  id,
  title,
  intro,
  rules,
}: {
  form: SettingsForm;
  group: G;
  id: string;
  title: string;
  intro: string;
  rules: Rule<G>[];
}) {
  const errors = form.formState.errors[group] as
    Partial<Record<string, { message?: string }>> | undefined;
  return (
    <CardSection id={id} title={title}>
      <p className="text-sm text-slate-700">{intro}</p>
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
              <LtrInput
                {...a}
                inputMode={rule.inputMode ?? 'numeric'}
                {...form.register(`${group}.${rule.name}` as Path<SettingsFormInput>)}
              />
            )}
          </Field>
        ))}
      </div>
    </CardSection>
  );
}

/** Who may borrow how much (docs/domain/loan-lifecycle.md): four whole numbers. */
export function LoanRulesSection({ form }: { form: SettingsForm }) {
  const i18n = useTexts();
  return (
    <RulesSection
      form={form}
      group="loan_rules"
      id="settings-rules"
      title={i18n._('admin-books.settings.rules.title')}
      intro={i18n._('admin-books.settings.rules.intro')}
      rules={[
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
        {
          name: 'write_off_bar_months',
          label: i18n._('admin-books.settings.rules.writeOffBarMonths'),
          hint: i18n._('admin-books.settings.rules.writeOffBarMonthsHint'),
        },
      ]}
    />
  );
}

/**
 * The dues calendar (docs/domain/dues.md, Payday and fines): when a month's due falls due, when
 * its reminder goes, how long its grace lasts and what a late month is fined.
 */
export function DuesRulesSection({ form }: { form: SettingsForm }) {
  const i18n = useTexts();
  return (
    <RulesSection
      form={form}
      group="dues_rules"
      id="settings-dues"
      title={i18n._('admin-books.settings.dues.title')}
      intro={i18n._('admin-books.settings.dues.intro')}
      rules={[
        {
          name: 'due_day',
          label: i18n._('admin-books.settings.dues.dueDay'),
          hint: i18n._('admin-books.settings.dues.dueDayHint'),
        },
        {
          name: 'reminder_days_before',
          label: i18n._('admin-books.settings.dues.reminderDaysBefore'),
          hint: i18n._('admin-books.settings.dues.reminderDaysBeforeHint'),
        },
        {
          name: 'grace_days',
          label: i18n._('admin-books.settings.dues.graceDays'),
          hint: i18n._('admin-books.settings.dues.graceDaysHint'),
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
        },
      ]}
    />
  );
}

/**
 * What leaving pays besides the savings (docs/domain/leaving.md): whether a member who leaves is
 * paid the estimate of their share of the open share-out period, or leaves it to the others.
 */
export function ExitRulesSection({ form }: { form: SettingsForm }) {
  const i18n = useTexts();
  const hintId = useId();
  return (
    <CardSection id="settings-exits" title={i18n._('admin-books.settings.exits.title')}>
      <label className="flex min-h-11 items-start gap-3 self-start">
        <input
          type="checkbox"
          aria-describedby={hintId}
          // In line with the label's first line.
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
          {...form.register('exit_rules.share_out_at_exit')}
        />
        <span className="font-medium text-slate-800">
          {i18n._('admin-books.settings.exits.shareOutAtExit')}
        </span>
      </label>
      <p id={hintId} className="text-sm text-slate-700">
        {i18n._('admin-books.settings.exits.shareOutAtExitHint')}
      </p>
    </CardSection>
  );
}
