import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminSettings,
  LoanCharge,
  settingsProposedResponse,
  settingsUpdateResponse,
  TextTranslations,
} from '@jamiya/contracts/settings';
import { api } from '../../../lib/api-client.ts';
import { getSettingsQueryOptions } from '../../../api/get-settings.ts';
import { getProposalsQueryOptions, rememberProposal } from '../../../api/proposals.ts';

/** The body of PUT /api/admin/settings as JSON: amounts in AED, terms in months. */
export interface SettingsBody {
  association_name: string;
  monthly_due: number;
  loan_policy: {
    minimum: number;
    maximum: number;
    step: number;
    default: number;
    terms: number[];
    allow_custom_term: boolean;
    max_custom_term: number;
    charge_called: LoanCharge;
  };
  terms_text: string;
  /** Where members send the money, one item a line; '' clears it. */
  payment_instructions: string;
  /** The two texts in the members' other languages; an empty one falls back to English. */
  translations: TextTranslations;
  recharge: { minimum: number; maximum: number };
  /** Who may borrow how much: whole months, a multiple of the savings, days late. */
  loan_rules: {
    min_membership_months: number;
    max_months_in_arrears: number;
    savings_multiple: number;
    guarantor_alert_days: number;
    write_off_bar_months: number;
  };
  /** The dues calendar: days of the month and days around it, the fine in AED or a percentage. */
  dues_rules: {
    due_day: number;
    reminder_days_before: number;
    grace_days: number;
    fine_amount: number;
    /** The fine as a percentage of the month's due; null: the fixed amount. */
    fine_percent: number | null;
  };
  /** What leaving pays besides the savings (docs/domain/leaving.md). */
  exit_rules: { share_out_at_exit: boolean };
  /** What one admin may book alone: bank charges or interest up to this, per line, in AED. */
  books_rules: { one_admin_bank_fee: number; year_starts_in_month?: number };
  /** The settings' updated_at as this page read them: a save over another admin's is 409. */
  updated_at?: string;
}

/** 200: saved; 202: saved, but for new payment instructions, which wait for a second admin. */
export const updateSettings = (body: SettingsBody) =>
  api<z.infer<typeof settingsUpdateResponse> | z.infer<typeof settingsProposedResponse>>(
    '/api/admin/settings',
    { method: 'PUT', json: body },
  );

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: async (answer) => {
      queryClient.setQueryData<AdminSettings>(['admin', 'settings'], answer.settings);
      // A proposal made, or one this save confirmed.
      if ('proposal' in answer) rememberProposal(queryClient, answer.proposal);
      else void queryClient.invalidateQueries({ queryKey: getProposalsQueryOptions().queryKey });
      // The member pages read the same figures from GET /api/settings.
      await queryClient.invalidateQueries({ queryKey: getSettingsQueryOptions().queryKey });
    },
  });
}
