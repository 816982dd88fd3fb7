import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useState } from 'react';
import { useForm, useWatch, type Path, type UseFormReturn } from 'react-hook-form';
import {
  directionOf,
  LANGUAGE_NAMES,
  TRANSLATED_LANGUAGES,
  type Language,
} from '@jamiya/contracts/languages';
import { useTexts } from '../../../lib/i18n.tsx';
import {
  SETTINGS_LANGUAGES_TEXTS,
  SETTINGS_POLICY_TEXTS,
  SETTINGS_POLICY_CHARGE_TEXTS,
  SETTINGS_RECHARGE_TEXTS,
} from '../texts.ts';
import type { AdminSettings } from '@jamiya/contracts/settings';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import {
  applyServerErrors,
  errorMessage,
  toastError,
  toastSuccess,
} from '../../../lib/messages.ts';
import { useAdminSettings } from '../api/get-settings.ts';
import { useUpdateSettings } from '../api/update-settings.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import {
  firstMessage,
  SERVER_FIELDS,
  serverFieldOf,
  toFormInput,
  toRequestBody,
  type SettingsFormInput,
  type SettingsFormValues,
} from '../lib/settings-form.ts';
import { PageHeading } from '../../../components/page-heading.tsx';
import { SettingsSection } from './settings-section.tsx';
import { DuesRulesSection, ExitRulesSection, LoanRulesSection } from './rules-section.tsx';
import { BooksRulesSection } from './books-rules-section.tsx';

/**
 * /admin/settings: the association's name, the monthly due, the loan policy, who may borrow,
 * the dues calendar, what leaving pays, the loans' terms, and where members send the money.
 */
const resolver = lazyZodResolver(() =>
  import('../lib/settings-form-schema.ts').then((m) => m.settingsFormSchema),
);

export function AdminSettingsPage() {
  const i18n = useTexts();
  const settings = useAdminSettings();
  return (
    <div className="flex flex-col gap-6">
      <title>{i18n._('admin-books.settings.pageTitle')}</title>
      <PageHeading
        title={i18n._('admin-books.settings.title')}
        subtitle={i18n._('admin-books.settings.subtitle')}
      />
      {settings.isPending ? (
        <Spinner />
      ) : settings.isError ? (
        <ErrorState
          message={errorMessage(settings.error)}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </div>
  );
}

function SettingsForm({ settings }: { settings: AdminSettings }) {
  const i18n = useTexts();
  const update = useUpdateSettings();
  const form = useForm<SettingsFormInput, unknown, SettingsFormValues>({
    resolver,
    defaultValues: toFormInput(settings),
  });
  const { errors } = form.formState;
  const policy = errors.loan_policy;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await update.mutateAsync(toRequestBody(values));
      form.reset(toFormInput(res.settings));
      toastSuccess(res.message);
    } catch (error) {
      // An error about one term (loan_policy.terms.2) is shown on the list of terms.
      const mapped =
        error instanceof ApiError
          ? new ApiError(
              error.status,
              error.message,
              Object.fromEntries(
                Object.entries(error.errors).map(([k, v]) => [serverFieldOf(k), v]),
              ),
            )
          : error;
      applyServerErrors(mapped, form.setError, SERVER_FIELDS);
      toastError(error);
    }
  });

  // A setting typed on one line. No autofill: these are the association's words and figures,
  // not the treasurer's; `inputMode` brings a phone's keypad for a number, typed left to right
  // in Arabic and Urdu too.
  const line = (
    name: Path<SettingsFormInput>,
    label: string,
    error: string | undefined,
    { hint, inputMode }: { hint?: string; inputMode?: 'decimal' | 'numeric' } = {},
  ) => (
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
  const policyAmount = (name: 'minimum' | 'maximum' | 'step' | 'default') =>
    line(`loan_policy.${name}`, i18n._(SETTINGS_POLICY_TEXTS[name]!), policy?.[name]?.message, {
      inputMode: 'decimal',
    });
  const rechargeAmount = (name: 'minimum' | 'maximum') =>
    line(
      `recharge.${name}`,
      i18n._(SETTINGS_RECHARGE_TEXTS[name]!),
      errors.recharge?.[name]?.message,
      {
        inputMode: 'decimal',
      },
    );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <SettingsSection id="settings-association" title={i18n._('admin-books.settings.association')}>
        <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          {line(
            'association_name',
            i18n._('admin-books.settings.name'),
            errors.association_name?.message,
          )}
          {line(
            'monthly_due',
            i18n._('admin-books.settings.monthlyDue'),
            errors.monthly_due?.message,
            {
              hint: i18n._('admin-books.settings.monthlyDueHint'),
              inputMode: 'decimal',
            },
          )}
        </div>
      </SettingsSection>

      <SettingsSection id="settings-policy" title={i18n._('admin-books.settings.policy.title')}>
        <p className="text-sm text-slate-700">
          {i18n._('admin-books.settings.policy.intro', {
            rate: settings.loan_policy.interest_rate_percent,
          })}
        </p>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {policyAmount('minimum')}
          {policyAmount('maximum')}
          {policyAmount('step')}
          {policyAmount('default')}
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          {line(
            'loan_policy.terms',
            i18n._('admin-books.settings.policy.terms'),
            firstMessage(policy?.terms),
            {
              hint: i18n._('admin-books.settings.policy.termsHint'),
            },
          )}
          {line(
            'loan_policy.max_custom_term',
            i18n._('admin-books.settings.policy.maxCustomTerm'),
            policy?.max_custom_term?.message,
            { hint: i18n._('admin-books.settings.policy.maxCustomTermHint'), inputMode: 'numeric' },
          )}
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
            {i18n._('admin-books.settings.policy.chargeCalledHint', {
              rate: settings.loan_policy.interest_rate_percent,
            })}
          </p>
          {(['interest', 'service_charge'] as const).map((called) => (
            <label key={called} className="flex min-h-11 items-center gap-3 self-start">
              <input
                type="radio"
                value={called}
                className="size-5 accent-brand-700"
                {...form.register('loan_policy.charge_called')}
              />
              <span className="text-slate-800">
                {i18n._(SETTINGS_POLICY_CHARGE_TEXTS[called]!)}
              </span>
            </label>
          ))}
        </fieldset>
      </SettingsSection>

      <LoanRulesSection form={form} />

      <DuesRulesSection form={form} />

      <ExitRulesSection form={form} />
      <BooksRulesSection form={form} />

      <SettingsSection id="settings-recharge" title={i18n._('admin-books.settings.recharge.title')}>
        <p className="text-sm text-slate-700">{i18n._('admin-books.settings.recharge.intro')}</p>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {rechargeAmount('minimum')}
          {rechargeAmount('maximum')}
        </div>
      </SettingsSection>

      <SettingsSection id="settings-terms" title={i18n._('admin-books.settings.termsTitle')}>
        <Field
          label={i18n._('admin-books.settings.termsText')}
          hint={i18n._('admin-books.settings.termsTextHint')}
          error={errors.terms_text?.message}
        >
          {(a) => (
            <textarea {...a} rows={8} className={inputClass} {...form.register('terms_text')} />
          )}
        </Field>
      </SettingsSection>

      <SettingsSection
        id="settings-instructions"
        title={i18n._('admin-books.settings.instructions.title')}
      >
        <Field
          label={i18n._('admin-books.settings.instructions.label')}
          hint={i18n._('admin-books.settings.instructions.hint')}
          error={errors.payment_instructions?.message}
        >
          {(a) => (
            <textarea
              {...a}
              rows={6}
              // An IBAN or a phone number reads better in digits of one width.
              className={`${inputClass} font-mono text-sm`}
              {...form.register('payment_instructions')}
            />
          )}
        </Field>
      </SettingsSection>

      <TextsInLanguages form={form} />

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          {i18n._('admin-books.settings.updatedAt', { when: formatDateTime(settings.updated_at) })}
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button
            variant="secondary"
            className="disabled:opacity-50"
            disabled={!form.formState.isDirty}
            onClick={() => form.reset(toFormInput(settings))}
          >
            {i18n._('admin-books.settings.undo')}
          </Button>
          <Button type="submit" isBusy={form.formState.isSubmitting}>
            {i18n._('admin-books.settings.save')}
          </Button>
        </div>
      </div>
    </form>
  );
}

/**
 * The terms and the payment instructions in each of the members' other languages: a member reads
 * their own language's, or the English above where the box is empty (and is told so).
 */
function TextsInLanguages({
  form,
}: {
  form: UseFormReturn<SettingsFormInput, unknown, SettingsFormValues>;
}) {
  const i18n = useTexts();
  const [language, setLanguage] = useState<Exclude<Language, 'en'>>('ar');
  const written = useWatch({ control: form.control, name: 'translations' });
  const errors = form.formState.errors.translations?.[language];
  const status = (l: Exclude<Language, 'en'>) => {
    const texts = written?.[l];
    const count = [texts?.terms_text, texts?.payment_instructions].filter((x) => x?.trim()).length;
    return i18n._('admin-books.settings.languages.status', { count });
  };
  // A language's name in another script, isolated from the sentence around it (FSI ... PDI).
  const named = (l: Exclude<Language, 'en'>) => `\u2068${LANGUAGE_NAMES[l]}\u2069`;
  const box = (field: 'terms_text' | 'payment_instructions', rows: number) => (
    <Field
      key={`${language}.${field}`}
      label={i18n._(SETTINGS_LANGUAGES_TEXTS[field === 'terms_text' ? 'terms' : 'instructions']!, {
        language: named(language),
      })}
      hint={i18n._('admin-books.settings.languages.emptyHint')}
      error={errors?.[field]?.message}
    >
      {(a) => (
        <textarea
          {...a}
          rows={rows}
          lang={language}
          dir={directionOf(language)}
          className={`${inputClass} ${field === 'payment_instructions' ? 'text-sm' : ''}`}
          {...form.register(`translations.${language}.${field}`)}
        />
      )}
    </Field>
  );
  return (
    <SettingsSection id="settings-languages" title={i18n._('admin-books.settings.languages.title')}>
      <p className="text-sm text-slate-700">{i18n._('admin-books.settings.languages.intro')}</p>
      <Field label={i18n._('admin-books.settings.languages.choose')}>
        {(a) => (
          <select
            {...a}
            value={language}
            onChange={(event) => setLanguage(event.target.value as Exclude<Language, 'en'>)}
            className={inputClass}
          >
            {TRANSLATED_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {`${named(l)} · ${status(l)}`}
              </option>
            ))}
          </select>
        )}
      </Field>
      {box('terms_text', 6)}
      {box('payment_instructions', 5)}
    </SettingsSection>
  );
}
