import type { FastifyReply } from 'fastify';
import { filsToAed } from '@jamiya/money/fils';
import type { FundProposal } from '@jamiya/contracts/proposals';
import type { Db, DbOrTx } from '../../db/client.ts';
import { memberRefsById } from '../users/public.ts';
import { openProposals, withdrawProposal, type ProposalRow } from './proposals.ts';

/** Each loan's member, by the loan's id: loans answers it, given by app.ts (proposals knows no loan). */
export type LoanOwners = (db: DbOrTx, loanIds: number[]) => Promise<ReadonlyMap<number, number>>;

/**
 * Proposals as the treasurer's lists show them, with the proposer and the member concerned:
 * of a loan's, its owner, from `loanOwners` (the loan's id to its member's), which the caller
 * asks loans for.
 */
function memberInDetails(details: unknown): number | undefined {
  const id = (details as { memberId?: unknown } | null)?.memberId;
  return typeof id === 'number' ? id : undefined;
}

export async function toProposalViews(
  db: DbOrTx,
  rows: ProposalRow[],
  loanOwners: ReadonlyMap<number, number> = new Map(),
): Promise<FundProposal[]> {
  if (rows.length === 0) return [];
  const ownerOf = (loanId: number | null) => (loanId === null ? undefined : loanOwners.get(loanId));
  // A proposal on a subject (a bank line) names its member in its details, not in the key that
  // keeps it the subject's only open proposal.
  const concernedBy = (r: ProposalRow) =>
    r.memberId ?? ownerOf(r.loanId) ?? memberInDetails(r.details);
  const people = await memberRefsById(db, [
    ...rows.map((r) => r.proposedBy),
    ...rows.flatMap((r) => concernedBy(r) ?? []),
  ]);
  return rows.map((r) => {
    const { amountFils, ...details } = (r.details ?? {}) as { amountFils?: number };
    const concerned = concernedBy(r);
    return {
      id: r.id,
      action: r.action,
      loan_id: r.loanId,
      member: concerned === undefined ? null : (people.get(concerned) ?? null),
      amount: amountFils === undefined ? null : filsToAed(amountFils),
      reason: r.reason,
      details: Object.keys(details).length ? details : null,
      proposed_by: people.get(r.proposedBy)!,
      proposed_at: r.proposedAt.toISOString(),
    };
  });
}

/** Proposals as listed, a loan's with its owner, asked of loans through `loanOwners`. */
async function viewsWithOwners(db: DbOrTx, rows: ProposalRow[], loanOwners: LoanOwners) {
  return toProposalViews(
    db,
    rows,
    await loanOwners(
      db,
      rows.flatMap((r) => r.loanId ?? []),
    ),
  );
}

/** The open proposals as the treasurer's list shows them. */
export async function openProposalViews(
  db: DbOrTx,
  loanOwners: LoanOwners,
): Promise<FundProposal[]> {
  return viewsWithOwners(db, await openProposals(db), loanOwners);
}

/** Withdraws an open proposal; the answer shows it as listed after. */
export async function withdrawnProposalView(
  db: Db,
  id: number,
  actor: { id: number; ip?: string | null },
  now: Date,
  loanOwners: LoanOwners,
): Promise<FundProposal> {
  const row = await withdrawProposal(db, id, actor, now);
  const [view] = await viewsWithOwners(db, [row], loanOwners);
  return view!;
}

/** The 202 answer of a call that made a proposal: what it says, and the proposal as listed. */
export async function proposedAnswer(
  db: DbOrTx,
  row: ProposalRow,
  message: string,
): Promise<{ message: string; pending_confirmation: true; proposal: FundProposal }> {
  const [proposal] = await toProposalViews(db, [row]);
  return { message, pending_confirmation: true, proposal: proposal! };
}

/**
 * Answers 202 for a call that waits for a second admin: `message` (English; the answer is put in
 * the reader's language on its way out, plugins/translate-answers.ts) and the proposal.
 */
export async function replyProposed(
  reply: FastifyReply,
  db: DbOrTx,
  { proposed }: { proposed: ProposalRow },
  message: string,
) {
  return reply.status(202).send(await proposedAnswer(db, proposed, message));
}
