import { z } from 'zod';
import { accountCode, optionalMemo } from './accounts.ts';
import { bankLine, waitingPayment } from './bank-matching.ts';
import { idParams } from './common.ts';

// What the treasurer does with one line of the bank statement besides assigning it (issue 49,
// docs/domain/reconciliation.md): book it to an account, link it by hand, unlink it; and a
// statement taken back.

/** POST /api/admin/bank-lines/:id/book: the account the line's money is the association's own of. */
export const bookLineBody = z.strictObject({
  account: accountCode.meta({
    description: "The account's code (bank_charges, bank_interest...).",
  }),
  memo: optionalMemo.optional().meta({ description: "What it was; the bank's text when missing." }),
});
export type BookLineBody = z.input<typeof bookLineBody>;

export const lineBooked = z.object({
  message: z.string(),
  line: bankLine,
  entry_id: z.number().int(),
});

export const linkLineBody = z.strictObject({
  payment_id: idParams.shape.id.meta({
    description: 'A receipt waiting (approved by the link) or a payment already approved.',
  }),
});

export const lineLinked = z.object({
  message: z.string(),
  line: bankLine,
  approved: z.boolean().meta({ description: 'Whether the link approved a receipt waiting.' }),
});

export const lineUnlinked = z.object({ message: z.string(), line: bankLine });

export const linkCandidatesQuery = z.object({
  member_id: idParams.shape.id.optional().meta({
    description: "That member's payments only; else those of the line's amount within 7 days.",
  }),
});

/** A payment a line could be linked to by hand. */
export const candidatePayment = waitingPayment
  .extend({
    status: z.enum(['pending', 'approved']),
    linked_line_id: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The line it is already linked to.' }),
    same_amount: z.boolean(),
  })
  .meta({ id: 'BankLinkCandidate' });
export type CandidatePayment = z.infer<typeof candidatePayment>;

export const linkCandidates = z
  .object({ items: z.array(candidatePayment) })
  .meta({ id: 'BankLinkCandidates' });

export const statementDeleted = z.object({ message: z.string() });
