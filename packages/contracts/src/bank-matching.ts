// A statement's lines, and what of the books they are matched to: receipts waiting, cash movements.
import { z } from 'zod';
import { aedOutput, memberRef } from './common.ts';

export const LINK_KINDS = ['match', 'hand', 'assign', 'book'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

export const bankLine = z
  .object({
    id: z.number().int(),
    booked_on: z.string(),
    amount: aedOutput.meta({ description: 'Money in above 0, money out below.' }),
    text: z.string(),
    bank_ref: z.string().nullable(),
    balance: aedOutput.nullable(),
    payment_id: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The payment it is the money of.' }),
    entry_id: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The journal entry it is the cash of.' }),
    link: z.enum(LINK_KINDS).nullable().meta({
      description:
        'How it was linked: `match` (a match approved), `hand` (linked by hand), `assign` (a payment recorded from it), `book` (booked to an account); null when open.',
    }),
    booked_to: z
      .object({ code: z.string(), name: z.string() })
      .nullable()
      .meta({ description: 'The account a booked line went to.' }),
  })
  .meta({ id: 'BankLine' });
export type BankLine = z.infer<typeof bankLine>;

/** A receipt waiting for review, as the matches show it. */
export const waitingPayment = z
  .object({
    id: z.number().int(),
    kind: z.enum(['dues', 'loan_repayment']),
    member: memberRef,
    period: z.string().nullable(),
    loan_id: z.number().int().nullable(),
    amount: aedOutput,
    transfer_date: z.string().nullable(),
    bank_reference: z.string().nullable(),
    submitted_at: z.string(),
  })
  .meta({ id: 'WaitingPayment' });
export type WaitingPayment = z.infer<typeof waitingPayment>;

/** A movement of cash in the books (a due approved, a loan paid out, a share-out). */
export const cashEntry = z
  .object({
    id: z.number().int(),
    kind: z.string(),
    memo: z.string(),
    occurred_on: z.string(),
    amount: aedOutput.meta({ description: 'Into cash above 0, out of it below.' }),
    member: memberRef.nullable(),
    payment_id: z.number().int().nullable(),
  })
  .meta({ id: 'CashEntry' });
export type CashEntry = z.infer<typeof cashEntry>;

export const MATCH_REASONS = ['bank_reference', 'member_reference', 'member_name'] as const;
export type MatchReason = (typeof MATCH_REASONS)[number];

export const bankMatch = z
  .object({
    line: bankLine,
    payment: waitingPayment.nullable().meta({ description: 'A receipt the match approves.' }),
    entry: cashEntry.nullable().meta({ description: 'A movement already in the books it links.' }),
    why: z.enum(MATCH_REASONS).meta({
      description:
        "What the line's text carries besides the same amount within 7 days: the bank's reference the member gave, the member's reference, or the member's name (less strong).",
    }),
  })
  .meta({ id: 'BankMatch' });
export type BankMatch = z.infer<typeof bankMatch>;
