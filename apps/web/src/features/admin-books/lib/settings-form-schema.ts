import { z } from 'zod';
import {
  loanCharge,
  settingsUpdateRequest,
  type SettingsUpdateRequest,
} from '@jamiya/contracts/settings';

/** "1, 3, 6" or "1 3 6" -> ["1", "3", "6"]; each is then checked as a term by the shared schema. */
const splitTerms = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/**
 * The settings form keeps what the admin types (amounts as text, the terms as one list);
 * it is turned into the body of PUT /api/admin/settings and checked by the shared schema,
 * cross-field rules included, so the form refuses exactly what the server refuses.
 */
export const settingsFormSchema = z
  .object({
    association_name: z.string(),
    monthly_due: z.string(),
    loan_policy: z.object({
      minimum: z.string(),
      maximum: z.string(),
      step: z.string(),
      default: z.string(),
      terms: z.string(),
      allow_custom_term: z.boolean(),
      max_custom_term: z.string(),
      charge_called: loanCharge,
    }),
    terms_text: z.string(),
    payment_instructions: z.string(),
    translations: z.record(
      z.string(),
      z.object({ payment_instructions: z.string(), terms_text: z.string() }),
    ),
    recharge: z.object({ minimum: z.string(), maximum: z.string() }),
    loan_rules: z.object({
      min_membership_months: z.string(),
      max_months_in_arrears: z.string(),
      savings_multiple: z.string(),
      guarantor_alert_days: z.string(),
      write_off_bar_months: z.string(),
    }),
    dues_rules: z.object({
      due_day: z.string(),
      reminder_days_before: z.string(),
      grace_days: z.string(),
      fine_amount: z.string(),
      fine_percent: z.string(),
    }),
    exit_rules: z.object({ share_out_at_exit: z.boolean() }),
    books_rules: z.object({ one_admin_bank_fee: z.string(), year_starts_in_month: z.string() }),
  })
  .transform((v): SettingsUpdateRequest => ({
    ...v,
    loan_policy: { ...v.loan_policy, terms: splitTerms(v.loan_policy.terms) },
    // An empty percentage: the fine is the fixed amount.
    dues_rules: {
      ...v.dues_rules,
      fine_percent: v.dues_rules.fine_percent.trim() === '' ? null : v.dues_rules.fine_percent,
    },
  }))
  .pipe(settingsUpdateRequest);
