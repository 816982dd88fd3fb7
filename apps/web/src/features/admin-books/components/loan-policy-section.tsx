// The loan policy of the settings form: the amounts, the terms and what the charge is called.
import { useTexts } from '../../../lib/i18n.tsx';
import { SETTINGS_POLICY_CHARGE_TEXTS, SETTINGS_POLICY_TEXTS } from '../texts.ts';
import { firstMessage, type SettingsForm } from '../lib/settings-form.ts';
import { CardSection } from '../../../components/card-section.tsx';
import { SettingLine } from './setting-line.tsx';

/** `rate`: the loans' yearly charge in percent, as the settings last saved say it. */
export function LoanPolicySection({ form, rate }: { form: SettingsForm; rate: number }) {
  const i18n = useTexts();
  const policy = form.formState.errors.loan_policy;
  const policyAmount = (name: 'minimum' | 'maximum' | 'step' | 'default') => (
    <SettingLine
      form={form}
      name={`loan_policy.${name}`}
      label={i18n._(SETTINGS_POLICY_TEXTS[name]!)}
      error={policy?.[name]?.message}
      inputMode="decimal"
    />
  );

  return (
    <CardSection id="settings-policy" title={i18n._('admin-books.settings.policy.title')}>
      <p className="text-sm text-slate-700">
        {i18n._('admin-books.settings.policy.intro', { rate })}
      </p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {policyAmount('minimum')}
        {policyAmount('maximum')}
        {policyAmount('step')}
        {policyAmount('default')}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <SettingLine
          form={form}
          name="loan_policy.terms"
          label={i18n._('admin-books.settings.policy.terms')}
          error={firstMessage(policy?.terms)}
          hint={i18n._('admin-books.settings.policy.termsHint')}
        />
        <SettingLine
          form={form}
          name="loan_policy.max_custom_term"
          label={i18n._('admin-books.settings.policy.maxCustomTerm')}
          error={policy?.max_custom_term?.message}
          hint={i18n._('admin-books.settings.policy.maxCustomTermHint')}
          inputMode="numeric"
        />
      </div>
      <label className="flex min-h-11 items-center gap-3 self-start">
        <input
          type="checkbox"
          className="size-5 accent-brand-700"
          {...form.register('loan_policy.allow_custom_term')}
        />
        <span className="font-medium text-slate-800">
          {i18n._('admin-books.settings.policy.allowCustom')}
        </span>
      </label>
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium text-slate-800">
          {i18n._('admin-books.settings.policy.chargeCalled')}
        </legend>
        <p className="text-sm text-slate-600">
          {i18n._('admin-books.settings.policy.chargeCalledHint', { rate })}
        </p>
        {(['interest', 'service_charge'] as const).map((called) => (
          <label key={called} className="flex min-h-11 items-center gap-3 self-start">
            <input
              type="radio"
              value={called}
              className="size-5 accent-brand-700"
              {...form.register('loan_policy.charge_called')}
            />
            <span className="text-slate-800">{i18n._(SETTINGS_POLICY_CHARGE_TEXTS[called]!)}</span>
          </label>
        ))}
      </fieldset>
    </CardSection>
  );
}
