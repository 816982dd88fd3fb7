import { z } from 'zod';
import { aedOutput, memberRef } from './common.ts';

// Money leaving the fund, and what could stand in for it, waiting for a second admin
// (maker-checker, docs/domain/maker-checker.md).

/** The actions that wait for a second admin; the server's table takes its list from here. */
export const PROPOSAL_ACTIONS = [
  'loan.disburse',
  'loan.write_off',
  'loan.cash_repayment',
  'bonus.close',
  'member.deactivate',
  'member.activate',
  'member.password_link',
  'import.apply',
  'bank.assign',
  'fine.waive',
  'exit.payout',
  'bank.book',
  'journal.post',
  'entry.reverse',
  'settings.money_paths',
  'month.lock',
  'year.close',
  'year.reopen',
] as const;

export const proposalAction = z.enum(PROPOSAL_ACTIONS);

export const fundProposal = z
  .object({
    id: z.number().int(),
    action: proposalAction,
    loan_id: z.number().int().nullable(),
    member: memberRef.nullable().meta({
      description: "The account it is about: the loan's member, or the member or admin concerned.",
    }),
    amount: aedOutput
      .nullable()
      .meta({ description: 'What would move in the fund or the books; null when no money moves.' }),
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
