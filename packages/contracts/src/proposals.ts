import { z } from 'zod';
import { memberRef } from './admin.ts';
import { aedOutput } from './common.ts';

// Money leaving the fund that waits for a second admin (maker-checker,
// docs/domain/maker-checker.md).

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

export const proposalProposedResponse = z.object({
  message: z.string(),
  pending_confirmation: z.literal(true),
  proposal: fundProposal,
});
export const proposalsList = z.object({ items: z.array(fundProposal) });
