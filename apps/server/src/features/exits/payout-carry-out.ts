// A payout carried out: the first settles all, ends the membership; later ones pay what was held.
import { eq } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { DbOrTx } from '../../db/client.ts';
import { exits, type Exit } from '../../db/schema/exits.ts';
import { users } from '../../db/schema/users.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict } from '../../lib/errors.ts';
import { aed } from '../../lib/i18n.ts';
import { audit } from '../audit/public.ts';
import { postEntry } from '../ledger/public.ts';
import { applyRepayment } from '../loans/public.ts';
import { exitNotice, notify } from '../notifications/public.ts';
import { settleMonthsAtExit } from '../payments/public.ts';
import { nextPayoutOf, settlementOf } from './settlement.ts';

/** The first payout: everything settled in this transaction, the membership ended. */
export async function settle(
  tx: DbOrTx,
  exit: Exit,
  payoutFils: Fils,
  actor: Actor & { id: number; ip?: string | null },
  now: Date,
): Promise<Exit> {
  const s = await settlementOf(tx, exit.userId, now);
  if (s.blockers[0]) throw conflict(s.blockers[0]);
  // Under the locks taken before the payout was worked out: the same figures.
  if (s.payoutFils !== payoutFils) throw new Error('the settlement moved under its locks');
  if (s.loanId !== null && s.loanOwedFils > 0)
    await applyRepayment(tx, {
      loanId: s.loanId,
      amountFils: s.loanOwedFils,
      actor,
      now,
      from: 'savings',
    });
  await settleMonthsAtExit(
    tx,
    exit.userId,
    s.months.map((m) => ({ period: m.period, settledFils: m.dueLeftFils + m.fineLeftFils })),
  );
  // One entry: the share in, the fines paid and the rest paid out, all through the savings.
  const savingsOut = s.finesOwedFils + s.payoutFils - s.shareOutFils;
  const entryId =
    s.shareOutFils + s.finesOwedFils + s.payoutFils > 0
      ? await postEntry(tx, {
          kind: 'exit',
          memo: `Left the association: paid out to ${exit.payTo}`,
          occurredAt: now,
          createdBy: actor.id,
          lines: [
            { account: { code: 'interest_income' }, amountFils: s.shareOutFils },
            { account: { code: 'savings', userId: exit.userId }, amountFils: savingsOut },
            { account: { code: 'fines', userId: exit.userId }, amountFils: -s.finesOwedFils },
            { account: { code: 'cash' }, amountFils: -s.payoutFils },
          ],
        })
      : null;
  await tx
    .update(users)
    .set({ leftOn: exit.leaveOn, leavingOn: null, status: 0, updatedAt: now })
    .where(eq(users.id, exit.userId));
  const paid = { payoutFils: s.payoutFils, heldFils: s.heldFils, entryId };
  const settlement = {
    savingsFils: s.savingsFils,
    shareOutFils: s.shareOutFils,
    loanRepaidFils: s.loanOwedFils,
    finesPaidFils: s.finesOwedFils,
    duesClosedFils: s.duesUnpaidFils,
    paidOutFils: s.payoutFils,
    settledAt: now,
  };
  return recordPayout(tx, exit, paid, settlement, actor, now);
}

/** A later payout: what the member's guarantees held, once released. */
export async function payHeld(
  tx: DbOrTx,
  exit: Exit,
  actor: Actor & { id: number; ip?: string | null },
  now: Date,
): Promise<Exit> {
  const { payoutFils, heldFils } = (await nextPayoutOf(tx, exit, now))!;
  const entryId =
    payoutFils > 0
      ? await postEntry(tx, {
          kind: 'exit',
          memo: `Left the association: savings released by guarantees paid out to ${exit.payTo}`,
          occurredAt: now,
          createdBy: actor.id,
          lines: [
            { account: { code: 'savings', userId: exit.userId }, amountFils: payoutFils },
            { account: { code: 'cash' }, amountFils: -payoutFils },
          ],
        })
      : null;
  const paid = { payoutFils, heldFils, entryId };
  return recordPayout(tx, exit, paid, { paidOutFils: exit.paidOutFils + payoutFils }, actor, now);
}

/**
 * Either payout on the exit's row (`columns`: what it sets there besides its state; closed once
 * nothing is held), in the audit log, and told to the member.
 */
async function recordPayout(
  tx: DbOrTx,
  exit: Exit,
  { payoutFils, heldFils, entryId }: { payoutFils: Fils; heldFils: Fils; entryId: number | null },
  columns: Partial<typeof exits.$inferInsert>,
  actor: Actor & { id: number; ip?: string | null },
  now: Date,
): Promise<Exit> {
  const closed = heldFils === 0;
  const [row] = await tx
    .update(exits)
    .set({ state: closed ? 'closed' : 'holding', ...columns, closedAt: closed ? now : null })
    .where(eq(exits.id, exit.id))
    .returning();
  await audit(tx, {
    actorId: actor.id,
    action: 'exit.payout',
    targetType: 'user',
    targetId: exit.userId,
    details: { exitId: exit.id, paidOutFils: payoutFils, heldFils, entryId },
    ip: actor.ip ?? null,
    at: now,
  });
  await tellPaid(tx, row!, payoutFils, heldFils, now);
  return row!;
}

async function tellPaid(tx: DbOrTx, exit: Exit, paidFils: Fils, heldFils: Fils, now: Date) {
  const values = { amount: aed(paidFils), payTo: exit.payTo, held: aed(heldFils) };
  await notify(tx, {
    ...exitNotice(exit.userId, heldFils > 0 ? 'exitHeld' : 'exitPaid', values),
    at: now,
  });
}
