import type { z } from 'zod';
import type { loanFormSchema } from './loan-form-schema.ts';

// The loan form's types and field names; its schema (loan-form-schema.ts) loads when it validates.
type LoanFormSchema = ReturnType<typeof loanFormSchema>;
export type LoanFormInput = z.input<LoanFormSchema>;
export type LoanFormValues = z.output<LoanFormSchema>;

// Where the server's field errors (named as in the API) are shown in this form.
export const SERVER_FIELDS: Record<string, string> = {
  loan_type: 'loan_type',
  loan_amount: 'amountFils',
  duration_month: 'term',
  bank_account: 'bank_account',
  passport_or_nid: 'passport_or_nid',
  includeInsurance: 'includeInsurance',
  per_month_amount: 'root.figures',
  total_amount_with_interest: 'root.figures',
};
