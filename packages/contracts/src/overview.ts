import { z } from 'zod';
import { aedOutput } from './common.ts';
import { fundProposal } from './proposals.ts';

// The treasurer's overview: headline figures, what awaits a decision, a year of history.

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
