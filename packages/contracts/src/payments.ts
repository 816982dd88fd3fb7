import { z } from 'zod';
import {
  aedOutput,
  listQuery,
  memberRef,
  MONTH_NAMES,
  optionalText,
  positiveAedInput,
  text,
} from './common.ts';
import {
  PAYMENT_STATUSES,
  isPeriod,
  type MonthChoice,
  type MonthName,
  type Period,
} from './values.ts';

const monthNamed = (text: string): MonthName | undefined =>
  MONTH_NAMES.find((name) => name.toLowerCase() === text.toLowerCase());
const NAME_AND_YEAR = /^(\S+)\s+(\d{4})$/;

/**
 * The month a dues payment is for, as a member names it: an English month name alone (any
 * case), the latest such month not in the future, as the spec's clients send it; or with its
 * year, "2026-12" or "December 2026", read as the period "2026-12" (issue 33). How far ahead
 * is the server's to check: it knows today.
 */
const monthChoice = z
  .string({ error: /*i18n*/ 'Choose a month.' })
  .trim()
  .transform((text, ctx): MonthChoice => {
    const alone = monthNamed(text);
    if (alone) return alone;
    if (isPeriod(text)) return text;
    const [, name, year] = NAME_AND_YEAR.exec(text) ?? [];
    const named = name === undefined ? undefined : monthNamed(name);
    if (named)
      return `${year}-${String(MONTH_NAMES.indexOf(named) + 1).padStart(2, '0')}` as Period;
    ctx.issues.push({
      code: 'custom',
      input: text,
      message: /*i18n*/ 'Choose a month, like March, or with its year, like March 2027.',
    });
    return z.NEVER;
  });

/** The account the money came from, as the member types it. */
const accountNumber = text(40, {
  required: /*i18n*/ 'Account number is required.',
  tooLong: /*i18n*/ 'Account number must be at most 40 characters.',
  notAllowed: /*i18n*/ 'Account number contains characters that are not allowed.',
}).optional();

/**
 * What the member may copy from the transfer's receipt, for matching it to the bank statement
 * (docs/domain/reconciliation.md): both optional.
 */
const transferFields = {
  transfer_date: z.iso
    .date(/*i18n*/ 'Enter the transfer date as YYYY-MM-DD.')
    .optional()
    .meta({ description: "The transfer's date on the receipt (YYYY-MM-DD)." }),
  bank_reference: optionalText(60, {
    tooLong: /*i18n*/ "The bank's reference must be at most 60 characters.",
    notAllowed: /*i18n*/ "The bank's reference contains characters that are not allowed.",
  })
    .optional()
    .transform((v) => v || undefined)
    .meta({ description: "The bank's reference of the transfer, from the receipt." }),
};

/**
 * The text fields of POST /api/save-monthly-payment (multipart; the receipt is the file
 * `photo`). With `month`, `account_number` and `photo` it pays a monthly due; with only
 * `payment_amount` it is a repayment towards the member's active loan.
 */

export const monthlyPaymentFields = z.object({
  payment_amount: positiveAedInput,
  month: monthChoice.optional().meta({
    description:
      'An English month name (the latest such month not in the future), or a month with its year, "2026-12" or "December 2026", up to 12 months ahead.',
  }),
  account_number: accountNumber,
  ...transferFields,
});

export const paymentStatus = z.enum(PAYMENT_STATUSES);

export const payment = z
  .object({
    id: z.number().int(),
    kind: z.enum(['dues', 'loan_repayment']),
    month: z
      .string()
      .nullable()
      .meta({ description: 'Label of the month paid, e.g. "March 2026".' }),
    period: z.string().nullable().meta({ description: 'The month paid as YYYY-MM.' }),
    loan_id: z.number().int().nullable(),
    amount: aedOutput,
    approved_amount: aedOutput.nullable(),
    account_number: z.string().nullable(),
    transfer_date: z.string().nullable(),
    bank_reference: z.string().nullable(),
    status: paymentStatus,
    review_note: z.string().nullable(),
    receipt_url: z.string().nullable(),
    created_at: z.string(),
    reviewed_at: z.string().nullable(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof payment>;

export const savePaymentResponse = z.object({
  status_code: z.literal(200),
  message: z.string(),
  payment,
});

export const monthlyPaymentRow = z.object({
  month: z.string(),
  period: z.string(),
  description: z.string(),
  amount: aedOutput.meta({ description: "The month's due." }),
  paid: aedOutput.meta({ description: 'What approved payments for the month add up to.' }),
  remaining: aedOutput.meta({
    description:
      'What is left to pay: the due and its late fine less what is paid (0 once completed).',
  }),
  status: z.enum(['completed', 'pending', 'pay_now', 'due', 'ahead']).meta({
    description:
      'completed: paid in full; pending: a receipt awaits review; pay_now: this month, unpaid; ' +
      'due: an earlier month, unpaid; ahead: a month after this one, paid ahead in part (not due yet).',
  }),
  due_on: z.string().meta({
    description:
      "The day the month's due falls due: the member's payday or the association's due day.",
  }),
  fine: aedOutput.meta({ description: "The month's late fine, less what was waived (0: none)." }),
  fine_waived: aedOutput.meta({ description: 'What an admin waived of the fine.' }),
  fine_on: z.string().nullable().meta({
    description:
      'The day the month is fined if still unpaid then; null once fined or paid, or when the association fines nothing.',
  }),
  salary_late_on: z.string().nullable().meta({
    description: 'The day the member said their salary was late for this month (the fine waits).',
  }),
});

/**
 * The text fields of POST /api/my-loans/:id/repayments (multipart; the receipt is the file
 * `photo`, required): a repayment towards the member's active loan, checked by an admin.
 */
export const loanRepaymentFields = z.object({
  payment_amount: positiveAedInput,
  account_number: accountNumber,
  ...transferFields,
});

export const myAccountData = z.object({
  myAccountData: z.object({
    account_balance: aedOutput,
    due_balance: aedOutput.meta({
      description:
        'What the member owes today and has not had approved: the dues of the months up to this ' +
        'one and the loan installments fallen due. A payment under review is still due.',
    }),
    under_review: aedOutput.meta({
      description:
        'What the member has sent and the treasurer has not reviewed yet: dues (of any month) and loan repayments.',
    }),
    current_period: z.string().meta({
      description:
        'This month in Dubai as YYYY-MM: the rows of later months are months paid ahead; a member may pay up to 12 months ahead.',
    }),
    loan_balance: aedOutput,
    monthly_due: aedOutput,
    account_holder_name: z.string(),
    owner_data: z.object({
      unique_id: z.string(),
      name: z.string(),
      status: z.union([z.literal(1), z.literal(0)]),
      created_at: z.string(),
    }),
    monthlyPaymentData: z.array(monthlyPaymentRow),
  }),
});

// ---- The treasurer's review ---------------------------------------------------------------

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
        fine: aedOutput.meta({
          description: "The month's late fine, less what was waived (0: none): asked with the due.",
        }),
        paid: aedOutput.meta({ description: 'Approved for that month, this submission aside.' }),
        remaining: aedOutput.meta({
          description: 'Left to pay of the due and its fine before this submission.',
        }),
      })
      .nullable()
      .meta({
        description:
          "For dues: the month's due and late fine, what is already paid and what remains.",
      }),
    possible_duplicates: z.array(possibleDuplicate),
  })
  .meta({ id: 'AdminPayment' });
export type AdminPayment = z.infer<typeof adminPayment>;

export const approvePaymentRequest = z.object({
  amount: positiveAedInput
    .optional()
    .meta({ description: 'The amount the receipt shows, when it differs from the one submitted.' }),
});

// ---- The dues calendar: a late salary, fines and their waivers (docs/domain/dues.md) -------

export const periodParams = z.object({
  period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, /*i18n*/ 'Choose the month as YYYY-MM.'),
});
export const memberPeriodParams = periodParams.extend({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const salaryLateResponse = z.object({
  message: z.string(),
  fine_on: z.string().meta({ description: 'The day the month is now fined if still unpaid.' }),
});

export const memberFine = z
  .object({
    period: z.string(),
    month: z.string(),
    fine: aedOutput.meta({ description: 'The fine as charged.' }),
    fined_at: z.string(),
    waived: aedOutput.meta({ description: 'What was waived of it (0: nothing).' }),
    waived_at: z.string().nullable(),
    waive_reason: z.string().nullable(),
    salary_late_on: z.string().nullable(),
  })
  .meta({ id: 'MemberFine' });
export type MemberFine = z.infer<typeof memberFine>;
export const memberFines = z.object({ items: z.array(memberFine) });

export const fineWaived = z.object({ message: z.string(), fine: memberFine });
