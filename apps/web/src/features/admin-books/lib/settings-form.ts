import type { z } from 'zod';
import type { UseFormReturn } from 'react-hook-form';
import { filsToAed } from '@jamiya/money/fils';
import type { AdminSettings } from '@jamiya/contracts/settings';
import { TRANSLATED_LANGUAGES } from '@jamiya/contracts/languages';
import type { settingsFormSchema } from './settings-form-schema.ts';
import type { SettingsBody } from '../api/update-settings.ts';

// The schema is in settings-form-schema.ts, loaded when the form validates.
type SettingsFormSchema = typeof settingsFormSchema;
export type SettingsFormInput = z.input<SettingsFormSchema>;
export type SettingsFormValues = z.output<SettingsFormSchema>;
/** The settings form, as useForm gives it to the page's sections. */
export type SettingsForm = UseFormReturn<SettingsFormInput, unknown, SettingsFormValues>;

export function toFormInput(settings: AdminSettings): SettingsFormInput {
  const p = settings.loan_policy;
  return {
    association_name: settings.association_name,
    monthly_due: String(settings.monthly_due),
    loan_policy: {
      minimum: String(p.minimum),
      maximum: String(p.maximum),
      step: String(p.step),
      default: String(p.default),
      terms: p.terms.join(', '),
      allow_custom_term: p.allow_custom_term,
      max_custom_term: String(p.max_custom_term),
      charge_called: p.charge_called,
    },
    terms_text: settings.terms_text,
    payment_instructions: settings.payment_instructions,
    // Every language has its two boxes; an empty one is the English, for that language's readers.
    translations: Object.fromEntries(
      TRANSLATED_LANGUAGES.map((language) => [
        language,
        {
          payment_instructions: settings.translations[language]?.payment_instructions ?? '',
          terms_text: settings.translations[language]?.terms_text ?? '',
        },
      ]),
    ),
    recharge: {
      minimum: String(settings.recharge.minimum),
      maximum: String(settings.recharge.maximum),
    },
    loan_rules: {
      min_membership_months: String(settings.loan_rules.min_membership_months),
      max_months_in_arrears: String(settings.loan_rules.max_months_in_arrears),
      savings_multiple: String(settings.loan_rules.savings_multiple),
      guarantor_alert_days: String(settings.loan_rules.guarantor_alert_days),
      write_off_bar_months: String(settings.loan_rules.write_off_bar_months),
    },
    dues_rules: {
      due_day: String(settings.dues_rules.due_day),
      reminder_days_before: String(settings.dues_rules.reminder_days_before),
      grace_days: String(settings.dues_rules.grace_days),
      fine_amount: String(settings.dues_rules.fine_amount),
      fine_percent:
        settings.dues_rules.fine_percent === null ? '' : String(settings.dues_rules.fine_percent),
    },
    exit_rules: { share_out_at_exit: settings.exit_rules.share_out_at_exit },
    books_rules: {
      one_admin_bank_fee: String(settings.books_rules.one_admin_bank_fee),
      year_starts_in_month: String(settings.books_rules.year_starts_in_month),
    },
  };
}

/** The settings as they stand, as the body that saves them again (amounts in AED as read). */
export function bodyOf(settings: AdminSettings): SettingsBody {
  const { updated_at: _, currency: __, ...rest } = settings;
  const { interest_rate_percent: ___, ...policy } = rest.loan_policy;
  return { ...rest, loan_policy: policy };
}

/** The checked values (amounts in fils) as the JSON the API takes (amounts in AED). */
export function toRequestBody(values: SettingsFormValues): SettingsBody {
  const p = values.loan_policy;
  return {
    association_name: values.association_name,
    monthly_due: filsToAed(values.monthly_due),
    loan_policy: {
      minimum: filsToAed(p.minimum),
      maximum: filsToAed(p.maximum),
      step: filsToAed(p.step),
      default: filsToAed(p.default),
      terms: p.terms,
      allow_custom_term: p.allow_custom_term,
      max_custom_term: p.max_custom_term,
      charge_called: p.charge_called ?? 'interest',
    },
    terms_text: values.terms_text,
    // Always sent: an emptied box clears the instructions (a missing field would keep them).
    payment_instructions: values.payment_instructions ?? '',
    // Every language, so that an emptied box goes back to the English.
    translations: values.translations ?? {},
    // The form always has the range, so the shared schema's optional field is always sent.
    recharge: {
      minimum: filsToAed(values.recharge!.minimum),
      maximum: filsToAed(values.recharge!.maximum),
    },
    // The same: the form always has the five rules.
    loan_rules: {
      ...values.loan_rules!,
      write_off_bar_months: values.loan_rules!.write_off_bar_months!,
    },
    // And the dues calendar's five, the fine in AED.
    dues_rules: {
      ...values.dues_rules!,
      fine_amount: filsToAed(values.dues_rules!.fine_amount),
    },
    // And what leaving pays besides the savings.
    exit_rules: values.exit_rules!,
    // And what one admin may book alone, in AED, and the month the association's year begins.
    books_rules: {
      one_admin_bank_fee: filsToAed(values.books_rules!.one_admin_bank_fee),
      year_starts_in_month: values.books_rules!.year_starts_in_month!,
    },
  };
}

/** The form's fields by the names the server gives its errors (a term's index is dropped). */
export const SERVER_FIELDS = [
  'association_name',
  'monthly_due',
  'loan_policy.minimum',
  'loan_policy.maximum',
  'loan_policy.step',
  'loan_policy.default',
  'loan_policy.terms',
  'loan_policy.allow_custom_term',
  'loan_policy.max_custom_term',
  'loan_policy.charge_called',
  'terms_text',
  'payment_instructions',
  ...TRANSLATED_LANGUAGES.flatMap((language) => [
    `translations.${language}.terms_text` as const,
    `translations.${language}.payment_instructions` as const,
  ]),
  'recharge.minimum',
  'recharge.maximum',
  'loan_rules.min_membership_months',
  'loan_rules.max_months_in_arrears',
  'loan_rules.savings_multiple',
  'loan_rules.guarantor_alert_days',
  'loan_rules.write_off_bar_months',
  'dues_rules.due_day',
  'dues_rules.reminder_days_before',
  'dues_rules.grace_days',
  'dues_rules.fine_amount',
  'dues_rules.fine_percent',
  'exit_rules.share_out_at_exit',
  'books_rules.one_admin_bank_fee',
  'books_rules.year_starts_in_month',
] as const;

export const serverFieldOf = (key: string) => key.replace(/^(loan_policy\.terms)\.\d+$/, '$1');

/**
 * The message of a field's error. An error about one term of the list sits under its index
 * (loan_policy.terms.1), so the list's error can be an array: its first message is shown.
 */
export function firstMessage(error: unknown): string | undefined {
  if (Array.isArray(error)) {
    for (const item of error) {
      const message = firstMessage(item);
      if (message) return message;
    }
    return undefined;
  }
  if (error && typeof error === 'object' && 'message' in error) {
    return typeof error.message === 'string' && error.message ? error.message : undefined;
  }
  return undefined;
}
