import { z } from 'zod';
import { isoDate } from './bonus.ts';
import { aedInput, aedOutput, memberRef, text } from './common.ts';

// Leaving the association (docs/domain/leaving.md): a member asks to leave, or the committee
// ends a membership; two admins pay out the settlement; the account becomes read-only.

export const EXIT_STATES = ['requested', 'holding', 'closed', 'withdrawn'] as const;
export type ExitState = (typeof EXIT_STATES)[number];

/** What leaving would pay out today, before the member confirms (and as the admins pay it). */
export const exitSettlement = z
  .object({
    as_of: z.string().meta({ description: 'Today in Dubai (YYYY-MM-DD).' }),
    savings: aedOutput.meta({ description: "The member's savings now." }),
    share_out: aedOutput.meta({
      description:
        "The estimate of the member's share of the open share-out period, paid at exit when the association says so (settings exit_rules); else 0.",
    }),
    loan_owed: aedOutput.meta({
      description: 'What the open loan still owes (principal and charge), taken from the savings.',
    }),
    fines_owed: aedOutput.meta({ description: 'Late fines unpaid, taken from the savings.' }),
    dues_unpaid: aedOutput.meta({
      description:
        'Dues unpaid up to the leaving month: closed at exit, not taken (a due paid would be added to the savings and paid straight back).',
    }),
    dues_unpaid_months: z.number().int(),
    held_for_guarantees: aedOutput.meta({
      description:
        "Savings the member's guarantees of others' loans hold: they stay until released, then are paid out.",
    }),
    payout: aedOutput.meta({
      description:
        'savings + share_out − loan_owed − fines_owed − held_for_guarantees, never below 0.',
    }),
    shortfall: aedOutput.meta({
      description:
        'What the member owes beyond their savings (and share): to be repaid before the payout; 0 when none.',
    }),
    blockers: z.array(z.string()).meta({
      description:
        "Why the payout cannot be made yet, each a sentence in the reader's language (a receipt under review, a loan application open, a shortfall); empty when it can.",
    }),
  })
  .meta({ id: 'ExitSettlement' });
export type ExitSettlement = z.infer<typeof exitSettlement>;

/** What was settled at the payout, as the clearance letter says it. */
export const exitSettled = z
  .object({
    savings: aedOutput.meta({ description: 'Savings before the settlement.' }),
    share_out: aedOutput,
    loan_repaid: aedOutput,
    fines_paid: aedOutput,
    dues_closed: aedOutput,
    paid_out: aedOutput.meta({ description: 'Everything paid out so far.' }),
    held: aedOutput.meta({ description: 'Still held for guarantees, paid when released.' }),
  })
  .meta({ id: 'ExitSettled' });

export const exitView = z
  .object({
    id: z.number().int(),
    state: z.enum(EXIT_STATES).meta({
      description:
        'requested (waiting for the payout), holding (paid out but for savings held by guarantees: the membership has ended), closed (nothing held, nothing owed), withdrawn.',
    }),
    leave_on: z.string().meta({ description: 'The day the member leaves (YYYY-MM-DD).' }),
    pay_to: z.string().meta({ description: 'The account to pay out to, as the member wrote it.' }),
    asked_by: z.enum(['member', 'committee']),
    reason: z.string().nullable().meta({ description: "The committee's reason, when it asked." }),
    requested_at: z.string(),
    left_on: z.string().nullable().meta({ description: 'The day the membership ended.' }),
    closed_at: z.string().nullable(),
    withdrawn_at: z.string().nullable(),
    settled: exitSettled.nullable().meta({ description: 'Null until the payout.' }),
  })
  .meta({ id: 'Exit' });
export type ExitView = z.infer<typeof exitView>;

export const myExit = z
  .object({
    exit: exitView.nullable().meta({ description: 'The latest request, or null.' }),
    settlement: exitSettlement
      .nullable()
      .meta({ description: 'What leaving pays out today; null once the membership has ended.' }),
    clearance_letter_url: z
      .string()
      .nullable()
      .meta({ description: 'Where the clearance letter (PDF) is, once the exit is closed.' }),
  })
  .meta({ id: 'MyExit' });
export type MyExit = z.infer<typeof myExit>;

const payTo = text(200, {
  required: /*i18n*/ 'Say where to pay out: a bank account (IBAN), an exchange house or cash.',
  tooLong: /*i18n*/ 'Where to pay out must be at most 200 characters.',
  notAllowed: /*i18n*/ 'Where to pay out contains characters that are not allowed.',
});

export const exitRequest = z.strictObject({
  leave_on: isoDate.meta({ description: 'Today or a later day, within a year.' }),
  pay_to: payTo,
});
export type ExitRequest = z.input<typeof exitRequest>;

export const exitAnswer = z.object({ message: z.string(), exit: exitView });

// ---- Admin --------------------------------------------------------------------------

export const adminExit = exitView
  .extend({
    member: memberRef,
    settlement: exitSettlement.nullable().meta({
      description: 'What the payout would pay today; null once closed or withdrawn.',
    }),
  })
  .meta({ id: 'AdminExit' });
export type AdminExit = z.infer<typeof adminExit>;
export const adminExits = z.object({ items: z.array(adminExit) });

export const endMembershipRequest = exitRequest.extend({
  reason: text(500, {
    required: /*i18n*/ 'Give the reason the membership ends.',
    tooLong: /*i18n*/ 'The reason must be at most 500 characters.',
    notAllowed: /*i18n*/ 'The reason contains characters that are not allowed.',
  }),
});

export const exitPayoutRequest = z.strictObject({
  amount: aedInput
    .refine((fils) => fils >= 0, { message: /*i18n*/ 'Enter AED 0 or more.' })
    .meta({
      description: "The settlement's payout as shown: a payout that moved since is refused (409).",
    }),
});
export const adminExitAnswer = z.object({ message: z.string(), exit: adminExit });
