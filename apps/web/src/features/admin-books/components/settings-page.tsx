// The treasurer's settings page: the form of every setting, its sections each in a module.
import { useRef } from 'react';
import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useForm } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import { SETTINGS_RECHARGE_TEXTS } from '../texts.ts';
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
  SERVER_FIELDS,
  serverFieldOf,
  toFormInput,
  toRequestBody,
  type SettingsFormInput,
  type SettingsFormValues,
} from '../lib/settings-form.ts';
import { PageHeading } from '../../../components/page-heading.tsx';
import { CardSection } from '../../../components/card-section.tsx';
import { SettingLine } from './setting-line.tsx';
import { LoanPolicySection } from './loan-policy-section.tsx';
import { DuesRulesSection, ExitRulesSection, LoanRulesSection } from './rules-section.tsx';
import { BooksRulesSection } from './books-rules-section.tsx';
import { TextsInLanguages } from './texts-in-languages.tsx';
import { MoneyPathsProposal } from './money-paths-proposal.tsx';

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
  // The settings this form was filled from: a save over another admin's since is refused.
  const readAt = useRef(settings.updated_at);
  const form = useForm<SettingsFormInput, unknown, SettingsFormValues>({
    resolver,
    defaultValues: toFormInput(settings),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await update.mutateAsync({
        ...toRequestBody(values),
        updated_at: readAt.current,
      });
      readAt.current = res.settings.updated_at;
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

  const rechargeAmount = (name: 'minimum' | 'maximum') => (
    <SettingLine
      form={form}
      name={`recharge.${name}`}
      label={i18n._(SETTINGS_RECHARGE_TEXTS[name]!)}
      error={errors.recharge?.[name]?.message}
      inputMode="decimal"
    />
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <MoneyPathsProposal
        settings={settings}
        // What this admin typed and did not save stays in the form.
        onConfirmed={(saved) => {
          readAt.current = saved.updated_at;
          form.reset(toFormInput(saved), { keepDirtyValues: true });
        }}
      />
      <CardSection id="settings-association" title={i18n._('admin-books.settings.association')}>
        <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <SettingLine
            form={form}
            name="association_name"
            label={i18n._('admin-books.settings.name')}
            error={errors.association_name?.message}
          />
          <SettingLine
            form={form}
            name="monthly_due"
            label={i18n._('admin-books.settings.monthlyDue')}
            error={errors.monthly_due?.message}
            hint={i18n._('admin-books.settings.monthlyDueHint')}
            inputMode="decimal"
          />
        </div>
      </CardSection>

      <LoanPolicySection form={form} rate={settings.loan_policy.interest_rate_percent} />

      <LoanRulesSection form={form} />

      <DuesRulesSection form={form} />

      <ExitRulesSection form={form} />
      <BooksRulesSection form={form} />

      <CardSection id="settings-recharge" title={i18n._('admin-books.settings.recharge.title')}>
        <p className="text-sm text-slate-700">{i18n._('admin-books.settings.recharge.intro')}</p>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {rechargeAmount('minimum')}
          {rechargeAmount('maximum')}
        </div>
      </CardSection>

      <CardSection id="settings-terms" title={i18n._('admin-books.settings.termsTitle')}>
        <Field
          label={i18n._('admin-books.settings.termsText')}
          hint={i18n._('admin-books.settings.termsTextHint')}
          error={errors.terms_text?.message}
        >
          {(a) => (
            <textarea {...a} rows={8} className={inputClass} {...form.register('terms_text')} />
          )}
        </Field>
      </CardSection>

      <CardSection
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
      </CardSection>

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
