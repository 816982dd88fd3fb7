import { z } from 'zod';
import { STATEMENT_KINDS } from './values.ts';
import {
  aedOutput,
  booleanInput,
  intInput,
  listQuery,
  optionalText,
  positiveAedInput,
  text,
} from './common.ts';
import { loan, loanState } from './loans.ts';
import { emailAddress, mobileNumber, passwordLink } from './membership.ts';
import { payment, paymentStatus } from './payments.ts';
import { publicSettings } from './settings.ts';

/** Who a payment or a loan belongs to, as the treasurer's lists show it. */
export const memberRef = z.object({
  id: z.number().int(),
  unique_id: z.string(),
  name: z.string(),
});

export const adminPaymentsQuery = listQuery.extend({ status: paymentStatus.default('pending') });
/** Another submission whose receipt is the same file or a near-identical picture. */
export const possibleDuplicate = z.object({
  payment_id: z.number().int(),
  member: z.object({ id: z.number().int(), name: z.string() }),
  month: z.string().nullable(),
  status: paymentStatus,
});

export const adminPayment = payment
  .extend({
    member: memberRef,
    dues_month: z
      .object({
        due: aedOutput,
        paid: aedOutput.meta({ description: 'Approved for that month, this submission aside.' }),
        remaining: aedOutput.meta({ description: 'Left to pay before this submission.' }),
      })
      .nullable()
      .meta({ description: "For dues: the month's due, what is already paid and what remains." }),
    possible_duplicates: z.array(possibleDuplicate),
  })
  .meta({ id: 'AdminPayment' });
export type AdminPayment = z.infer<typeof adminPayment>;

export const approvePaymentRequest = z.object({
  amount: positiveAedInput
    .optional()
    .meta({ description: 'The amount the receipt shows, when it differs from the one submitted.' }),
});

/** A decision the member reads: the reason is required. */
export const reasonRequest = z.object({ reason: text('Reason', 500) });

export const optionalNoteRequest = z.object({
  reason: optionalText('The note', 500, 'The note must be at most 500 characters.').optional(),
});

export const adminLoansQuery = listQuery.extend({ state: loanState.optional() });
export const adminLoan = loan.extend({ member: memberRef }).meta({ id: 'AdminLoan' });
export type AdminLoan = z.infer<typeof adminLoan>;

/** Money leaving the fund that waits for a second admin (maker-checker). */
export const proposalAction = z.enum(['loan.disburse', 'loan.write_off', 'bonus.close']);

export const fundProposal = z
  .object({
    id: z.number().int(),
    action: proposalAction,
    loan_id: z.number().int().nullable(),
    member: memberRef.nullable().meta({ description: "The loan's member, for loan actions." }),
    amount: aedOutput.meta({ description: 'What would leave the fund or the books.' }),
    reason: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
    proposed_by: memberRef,
    proposed_at: z.string(),
  })
  .meta({ id: 'FundProposal' });
export type FundProposal = z.infer<typeof fundProposal>;

/** A loan action's answer: 200 carried out, or 202 waiting for a second admin. */
export const loanActionResponse = z.object({
  message: z.string(),
  loan: adminLoan,
  pending_confirmation: z.boolean().optional(),
});
export const loanProposedResponse = z.object({
  message: z.string(),
  loan: adminLoan,
  pending_confirmation: z.literal(true),
  proposal: fundProposal,
});

export const proposalProposedResponse = z.object({
  message: z.string(),
  pending_confirmation: z.literal(true),
  proposal: fundProposal,
});
export const proposalsList = z.object({ items: z.array(fundProposal) });

export const cashRepaymentRequest = z.object({
  amount: positiveAedInput,
  note: optionalText('The note', 500, 'The note must be at most 500 characters.').optional(),
});

// ---- Overview ---------------------------------------------------------------------------

export const overviewMonth = z.object({
  month: z.string().meta({ description: 'YYYY-MM' }),
  savings: aedOutput.meta({ description: "Members' savings at the end of the month." }),
  loans_outstanding: aedOutput.meta({
    description: 'Loan principal still owed (the receivable in the books).',
  }),
});

export const adminOverview = z
  .object({
    savings_held: aedOutput,
    loans_outstanding: aedOutput,
    cash_in_hand: aedOutput,
    interest_earned: aedOutput,
    overdue_installments: z.object({ count: z.number().int(), amount: aedOutput }),
    receipts_pending: z.number().int(),
    loan_applications_pending: z.number().int(),
    loans_to_disburse: z.number().int(),
    membership_applications_pending: z.number().int(),
    members: z.object({ active: z.number().int(), inactive: z.number().int() }),
    active_admins: z.number().int().meta({
      description: 'With 2 or more, money leaving the fund needs two of them (maker-checker).',
    }),
    proposals: z
      .array(fundProposal)
      .meta({ description: 'Money leaving the fund that waits for a second admin.' }),
    history: z.array(overviewMonth).meta({ description: 'The last 12 months, oldest first.' }),
  })
  .meta({ id: 'AdminOverview' });
export type AdminOverview = z.infer<typeof adminOverview>;

// ---- Members ----------------------------------------------------------------------------

export const memberStatusName = z.enum(['active', 'inactive']);

export const adminMembersQuery = listQuery.extend({
  q: optionalText('The search', 100)
    .optional()
    .meta({ description: 'Part of the name, email, mobile or member ID.' }),
  status: memberStatusName.optional(),
});

export const adminMember = z
  .object({
    id: z.number().int(),
    unique_id: z.string(),
    name: z.string(),
    email: z.string(),
    mobile: z.string().nullable(),
    national_id: z.string().nullable(),
    address: z.string().nullable(),
    role: z.enum(['member', 'admin']),
    is_member: z.boolean(),
    status: memberStatusName,
    joined_on: z.string(),
    created_at: z.string(),
    savings: aedOutput,
    loan_outstanding: aedOutput,
  })
  .meta({ id: 'AdminMember' });
export type AdminMember = z.infer<typeof adminMember>;

export const createMemberRequest = z.object({
  name: text('Name', 100),
  email: emailAddress,
  mobile: mobileNumber,
  national_id: text('Passport or national ID', 40).optional(),
  address: text('Address', 300).optional(),
  joined_on: z.iso
    .date('Enter the date as YYYY-MM-DD.')
    .optional()
    .meta({ description: 'Dues are owed from this month on; today when missing.' }),
});
export type CreateMemberRequest = z.input<typeof createMemberRequest>;

/** Only when no mail server is set up: otherwise the link goes to the account's owner alone. */
const linkUnlessMailed = passwordLink.nullable().meta({
  description: 'Null when the link was e-mailed to the account: the admin never holds it.',
});

export const memberCreatedResponse = z.object({
  message: z.string(),
  member: adminMember,
  set_password_link: linkUnlessMailed,
  emailed: z.boolean(),
});

export const statementKind = z.enum(STATEMENT_KINDS);

/** One movement of a member's money, from the ledger, with running balances. */
export const statementLine = z
  .object({
    entry_id: z.number().int(),
    occurred_at: z.string(),
    kind: statementKind,
    memo: z.string(),
    savings_change: aedOutput,
    loan_change: aedOutput.meta({ description: 'Positive when the member owes more.' }),
    savings_balance: aedOutput,
    loan_balance: aedOutput,
  })
  .meta({ id: 'StatementLine' });
export type StatementLine = z.infer<typeof statementLine>;

export const adminMemberDetail = z
  .object({
    member: adminMember,
    due_balance: aedOutput,
    unpaid_months: z.number().int(),
    loans: z.array(adminLoan),
    payments: z.array(adminPayment).meta({ description: 'The latest 50 submissions.' }),
    statement: z.array(statementLine).meta({ description: 'Newest first.' }),
  })
  .meta({ id: 'AdminMemberDetail' });
export type AdminMemberDetail = z.infer<typeof adminMemberDetail>;

export const memberStatusRequest = z.object({
  status: memberStatusName,
  reason: optionalText('The note', 500, 'The note must be at most 500 characters.').optional(),
});

export const memberStatusResponse = z.object({ message: z.string(), member: adminMember });

export const passwordLinkResponse = z.object({
  message: z.string(),
  set_password_link: linkUnlessMailed,
  emailed: z.boolean(),
});

// ---- Membership applications --------------------------------------------------------------

export const applicationStatus = z.enum(['pending', 'accepted', 'rejected']);

export const membershipApplication = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    mobile: z.string(),
    national_id: z.string(),
    address: z.string(),
    status: applicationStatus,
    reason: z.string().nullable(),
    created_at: z.string(),
    decided_at: z.string().nullable(),
    member_id: z.number().int().nullable(),
  })
  .meta({ id: 'MembershipApplication' });
export type MembershipApplication = z.infer<typeof membershipApplication>;

export const adminApplicationsQuery = listQuery.extend({
  status: applicationStatus.default('pending'),
});

export const applicationAcceptedResponse = z.object({
  message: z.string(),
  application: membershipApplication,
  member: adminMember,
  set_password_link: linkUnlessMailed,
  emailed: z.boolean(),
});

export const applicationRejectedResponse = z.object({
  message: z.string(),
  application: membershipApplication,
});

// ---- Settings ---------------------------------------------------------------------------

export const adminSettings = publicSettings
  .extend({ updated_at: z.string() })
  .meta({ id: 'AdminSettings' });
export type AdminSettings = z.infer<typeof adminSettings>;

const term = intInput('A term').pipe(
  z
    .number()
    .int('Terms are whole months.')
    .min(1, 'A term is at least 1 month.')
    .max(60, 'A term is at most 60 months.'),
);

// Strict: a field the call would not change (the interest rate, the currency) is refused with
// 422 rather than answered "saved".
export const settingsUpdateRequest = z
  .strictObject({
    association_name: text('Association name', 100),
    monthly_due: positiveAedInput,
    loan_policy: z.strictObject({
      minimum: positiveAedInput,
      maximum: positiveAedInput,
      step: positiveAedInput,
      default: positiveAedInput,
      terms: z.array(term).min(1, 'Offer at least one term.').max(12, 'Offer at most 12 terms.'),
      allow_custom_term: booleanInput,
      max_custom_term: term,
    }),
    terms_text: text('Terms and conditions', 5000),
    payment_instructions: optionalText('Payment instructions', 2000)
      .optional()
      .meta({ description: 'Where members send the money; left as it is when missing.' }),
    recharge: z
      .object({ minimum: positiveAedInput, maximum: positiveAedInput })
      .optional()
      .meta({ description: 'Mobile recharge amounts; left as they are when missing.' }),
  })
  .superRefine((v, ctx) => {
    if (v.recharge && v.recharge.maximum < v.recharge.minimum)
      ctx.addIssue({
        code: 'custom',
        path: ['recharge', 'maximum'],
        message: 'The maximum must not be less than the minimum.',
      });
    const p = v.loan_policy;
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: ['loan_policy', path], message });
    if (p.maximum < p.minimum) issue('maximum', 'The maximum must not be less than the minimum.');
    if (p.default < p.minimum || p.default > p.maximum)
      issue('default', 'The default must lie between the minimum and the maximum.');
    if ((p.maximum - p.minimum) % p.step !== 0)
      issue('step', 'The step must divide the range from the minimum to the maximum.');
    if ((p.default - p.minimum) % p.step !== 0)
      issue('default', 'The default must be the minimum plus a whole number of steps.');
    if (new Set(p.terms).size !== p.terms.length) issue('terms', 'A term is listed twice.');
  });
export type SettingsUpdateRequest = z.input<typeof settingsUpdateRequest>;

export const settingsUpdateResponse = z.object({ message: z.string(), settings: adminSettings });

// ---- Ledger and audit ---------------------------------------------------------------------

export const trialBalanceAccount = z.object({
  code: z.string(),
  name: z.string(),
  type: z.enum(['asset', 'liability', 'income', 'expense']),
  debits: aedOutput,
  credits: aedOutput,
  balance: aedOutput.meta({ description: 'Debits minus credits.' }),
});

export const trialBalance = z
  .object({
    total_debits: aedOutput,
    total_credits: aedOutput,
    balanced: z.boolean(),
    accounts: z.array(trialBalanceAccount),
  })
  .meta({ id: 'TrialBalance' });
export type TrialBalanceView = z.infer<typeof trialBalance>;

export const journalEntriesQuery = listQuery.extend({
  kind: statementKind.optional(),
  member_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const journalEntry = z
  .object({
    id: z.number().int(),
    kind: statementKind,
    memo: z.string(),
    occurred_at: z.string(),
    created_at: z.string(),
    created_by: memberRef.nullable(),
    reverses_entry_id: z.number().int().nullable(),
    payment_id: z.number().int().nullable(),
    loan_id: z.number().int().nullable(),
    postings: z.array(
      z.object({
        account_code: z.string(),
        account_name: z.string(),
        debit: aedOutput,
        credit: aedOutput,
      }),
    ),
  })
  .meta({ id: 'JournalEntry' });
export type JournalEntry = z.infer<typeof journalEntry>;

export const auditQuery = listQuery.extend({
  action: optionalText('The action', 60).optional(),
});

export const auditEvent = z
  .object({
    id: z.number().int(),
    at: z.string(),
    actor: memberRef.nullable(),
    action: z.string(),
    target_type: z.string(),
    target_id: z.string(),
    reason: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
    ip: z.string().nullable(),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEvent = z.infer<typeof auditEvent>;
