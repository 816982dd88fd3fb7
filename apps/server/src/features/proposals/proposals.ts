import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { Db, DbOrTx } from '../../db/client.ts';
import { fundProposals, type ProposalAction } from '../../db/schema/proposals.ts';
import { users } from '../../db/schema/users.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { aed, sentence, type Say } from '../../lib/i18n.ts';
import { audit } from '../audit/public.ts';
import { memberRefsById } from '../users/public.ts';
import { ALREADY_PROPOSED } from './already-proposed.ts';

// Maker-checker for money leaving the fund and whatever could stand in for it, after Apache
// Fineract's: with two or more active admins, the first call proposes and a different admin's
// same call carries it out; the proposer never carries out their own proposal, whatever the
// count of active admins by then. docs/domain/maker-checker.md has the rules in a table.

export type ProposalRow = typeof fundProposals.$inferSelect;

export interface ProposalRequest {
  action: ProposalAction;
  loanId: number | null;
  /** The account a member action is about. */
  memberId?: number | null;
  /** Another thing it is about, as 'kind:id' (a bank line to assign). */
  subject?: string | null;
  /** What would move in the fund or the books, for the lists; null when no money moves. */
  amountFils: Fils | null;
  reason?: string | null;
  /** What the confirming call must repeat (a share-out's dates). */
  details?: Record<string, unknown>;
}

export type Decision<T> = { done: T; proposal: ProposalRow | null } | { proposed: ProposalRow };

export async function activeAdminCount(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 1)));
  return Number(row?.n ?? 0);
}

/** Null-safe equality of a nullable target column. */
const sameTarget = (
  column:
    typeof fundProposals.loanId | typeof fundProposals.memberId | typeof fundProposals.subject,
  value: number | string | null,
) => (value === null ? sql`${column} is null` : eq(column, value));

/**
 * Runs `carryOut` inside the caller's transaction when one admin may act alone (fewer than two
 * active admins) or when another admin proposed the same action; otherwise records a proposal.
 * `sameAs` tells whether an open proposal asked for what this call asks (a share-out's dates).
 */
export async function withSecondAdmin<T>(
  tx: DbOrTx,
  request: ProposalRequest,
  actor: { id: number; ip?: string | null },
  now: Date,
  carryOut: (open: ProposalRow | null) => Promise<T>,
  sameAs: (open: ProposalRow) => Say | null = () => null,
): Promise<Decision<T>> {
  const memberId = request.memberId ?? null;
  const subject = request.subject ?? null;
  // Serialises the proposals of one action and target, so two first calls make one proposal.
  // A caller acting on a loan has locked the loan's row before this (the one lock order that a
  // member's withdrawal, which locks the loan and then its proposals, shares).
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`jamiya:proposal:${request.action}:${request.loanId ?? 0}:${memberId ?? 0}:${subject ?? ''}`}))`,
  );
  const [open] = await tx
    .select()
    .from(fundProposals)
    .where(
      and(
        eq(fundProposals.action, request.action),
        sameTarget(fundProposals.loanId, request.loanId),
        sameTarget(fundProposals.memberId, memberId),
        sameTarget(fundProposals.subject, subject),
        eq(fundProposals.state, 'open'),
      ),
    );
  if (open) {
    // Never on the proposer's word alone, however many admins are active now: one admin who
    // made the other inactive must not carry out what waited for the other's signature.
    if (open.proposedBy === actor.id) throw conflict(ALREADY_PROPOSED[request.action]);
    const mismatch = sameAs(open);
    if (mismatch) throw conflict(mismatch);
    const [decided] = await tx
      .update(fundProposals)
      .set({ state: 'done', decidedBy: actor.id, decidedAt: now })
      .where(eq(fundProposals.id, open.id))
      .returning();
    const people = await memberRefsById(tx, [open.proposedBy, actor.id]);
    await audit(tx, {
      actorId: actor.id,
      action: 'proposal.confirm',
      targetType: 'proposal',
      targetId: open.id,
      details: {
        action: open.action,
        loanId: open.loanId,
        memberId: open.memberId,
        proposedBy: people.get(open.proposedBy)?.name ?? null,
        confirmedBy: people.get(actor.id)?.name ?? null,
      },
      ip: actor.ip ?? null,
      at: now,
    });
    return { done: await carryOut(open), proposal: decided ?? open };
  }
  if ((await activeAdminCount(tx)) < 2) return { done: await carryOut(null), proposal: null };
  // Checks the action could be carried out now (state, cash), then leaves nothing of it.
  await dryRun(tx, () => carryOut(null));
  try {
    const [proposal] = await tx
      .insert(fundProposals)
      .values({
        action: request.action,
        loanId: request.loanId,
        memberId,
        subject,
        reason: request.reason ?? null,
        details: {
          ...request.details,
          ...(request.amountFils === null ? {} : { amountFils: request.amountFils }),
        },
        proposedBy: actor.id,
        proposedAt: now,
      })
      .returning();
    if (!proposal) throw new Error('proposal was not written');
    await audit(tx, {
      actorId: actor.id,
      action: 'proposal.make',
      targetType: 'proposal',
      targetId: proposal.id,
      reason: request.reason ?? null,
      details: {
        action: request.action,
        loanId: request.loanId,
        memberId,
        amountFils: request.amountFils,
      },
      ip: actor.ip ?? null,
      at: now,
    });
    return { proposed: proposal };
  } catch (err) {
    if (isUniqueViolation(err, 'fund_proposals_one_open'))
      throw conflict(/*i18n*/ 'Another admin proposed this a moment ago; refresh and confirm it.');
    throw err;
  }
}

/**
 * A `sameAs` for a call of an amount: an open proposal of another amount is refused, `message`
 * saying the amount it proposed ({amount}).
 */
export const sameAmount =
  (amountFils: Fils, message: string) =>
  (open: ProposalRow): Say | null => {
    const proposed = (open.details as { amountFils?: number } | null)?.amountFils;
    return proposed === amountFils ? null : sentence(message, { amount: aed(proposed ?? 0) });
  };

class DryRunDone extends Error {}

/** Runs the action in a savepoint that is always rolled back: its refusals (409, 422) stand. */
async function dryRun(tx: DbOrTx, carryOut: () => Promise<unknown>): Promise<void> {
  try {
    await tx.transaction(async () => {
      await carryOut();
      throw new DryRunDone();
    });
  } catch (err) {
    if (!(err instanceof DryRunDone)) throw err;
  }
}

export function withdrawProposal(
  outer: Db,
  id: number,
  actor: { id: number; ip?: string | null },
  now: Date,
): Promise<ProposalRow> {
  return outer.transaction(async (db) => {
    const [row] = await db
      .select()
      .from(fundProposals)
      .where(eq(fundProposals.id, id))
      .for('update');
    if (!row) throw notFound(/*i18n*/ 'There is no such proposal.');
    if (row.state !== 'open')
      throw conflict(
        row.state === 'done'
          ? /*i18n*/ 'This proposal was already carried out.'
          : /*i18n*/ 'This proposal was already withdrawn.',
      );
    const [updated] = await db
      .update(fundProposals)
      .set({ state: 'withdrawn', decidedBy: actor.id, decidedAt: now })
      .where(eq(fundProposals.id, id))
      .returning();
    await audit(db, {
      actorId: actor.id,
      action: 'proposal.withdraw',
      targetType: 'proposal',
      targetId: id,
      details: { action: row.action, loanId: row.loanId, memberId: row.memberId },
      ip: actor.ip ?? null,
      at: now,
    });
    return updated!;
  });
}

/** A loan's proposals carried out: who proposed each, who confirmed it, and when. */
export async function carriedOutProposals(
  db: DbOrTx,
  loanId: number,
): Promise<Array<{ by: number; confirmedBy: number | null; at: Date | null }>> {
  return db
    .select({
      by: fundProposals.proposedBy,
      confirmedBy: fundProposals.decidedBy,
      at: fundProposals.decidedAt,
    })
    .from(fundProposals)
    .where(
      and(
        eq(fundProposals.loanId, loanId),
        eq(fundProposals.state, 'done'),
        isNotNull(fundProposals.decidedAt),
      ),
    );
}

/** Withdraws what is still proposed for a loan that has moved on. */
export async function withdrawProposalsOfLoan(
  tx: DbOrTx,
  loanId: number,
  now: Date,
): Promise<void> {
  await tx
    .update(fundProposals)
    .set({ state: 'withdrawn', decidedAt: now })
    .where(and(eq(fundProposals.loanId, loanId), eq(fundProposals.state, 'open')));
}

/** Withdraws what is still proposed about a subject that has moved on (an exit withdrawn). */
export async function withdrawProposalsOf(
  tx: DbOrTx,
  action: ProposalAction,
  subject: string,
  now: Date,
): Promise<void> {
  await tx
    .update(fundProposals)
    .set({ state: 'withdrawn', decidedAt: now })
    .where(
      and(
        eq(fundProposals.action, action),
        eq(fundProposals.subject, subject),
        eq(fundProposals.state, 'open'),
      ),
    );
}

/** Withdraws what is still proposed about subjects that are gone (a statement's lines taken back). */
export async function withdrawProposalsAbout(
  tx: DbOrTx,
  actions: ProposalAction[],
  subjects: string[],
  now: Date,
): Promise<void> {
  if (subjects.length === 0) return;
  await tx
    .update(fundProposals)
    .set({ state: 'withdrawn', decidedAt: now })
    .where(
      and(
        inArray(fundProposals.action, actions),
        inArray(fundProposals.subject, subjects),
        eq(fundProposals.state, 'open'),
      ),
    );
}

export async function openProposals(db: DbOrTx): Promise<ProposalRow[]> {
  return db
    .select()
    .from(fundProposals)
    .where(eq(fundProposals.state, 'open'))
    .orderBy(desc(fundProposals.id));
}
