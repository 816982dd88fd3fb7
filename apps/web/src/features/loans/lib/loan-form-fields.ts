import type { z } from 'zod';
import type { loanFormSchema } from './loan-form-schema.ts';

// The loan form's types and field names; its schema (loan-form-schema.ts) loads when it validates.
type LoanFormSchema = ReturnType<typeof loanFormSchema>;
export type LoanFormInput = z.input<LoanFormSchema>;
export type LoanFormValues = z.output<LoanFormSchema>;

// Where the server's field errors (named as in the API) are shown in this form.
const SERVER_FIELDS: Record<string, string> = {
  loan_type: 'loan_type',
  loan_amount: 'amountFils',
  duration_month: 'term',
  bank_account: 'bank_account',
  passport_or_nid: 'passport_or_nid',
  includeInsurance: 'includeInsurance',
  per_month_amount: 'root.figures',
  total_amount_with_interest: 'root.figures',
};

/**
 * The form's field for a field error of the server: a guarantor's member ID or amount by its row
 * (`guarantors.0.member_id`, in the order they were sent), anything else about the guarantors
 * above their rows; undefined for a field the form does not have.
 */
export function formFieldOf(serverField: string): string | undefined {
  if (/^guarantors\.\d+\.(member_id|amount)$/.test(serverField)) return serverField;
  if (serverField === 'guarantors' || serverField.startsWith('guarantors.')) {
    return 'guarantors.root';
  }
  return SERVER_FIELDS[serverField];
}
