import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { exits } from '../../db/schema/exits.ts';
import type { Actor } from '../../lib/actor.ts';
import { audit } from '../audit/public.ts';
import { memberSavingsFils } from '../ledger/public.ts';
import { heldByGuarantor } from '../loans/public.ts';

/**
 * A leaving member's exit waits while their guarantees hold part of their savings (holding).
 * Once a write-off's recovery has taken all that was held, nothing is left to pay out: the exit
 * closes in the write-off's transaction (loans calls it as its AfterRecovery: app.ts).
 */
export async function closeEmptiedExits(
  tx: DbOrTx,
  guarantorIds: number[],
  actor: Actor,
  now: Date,
): Promise<void> {
  if (guarantorIds.length === 0) return;
  const waiting = await tx
    .select({ id: exits.id, userId: exits.userId })
    .from(exits)
    .where(and(inArray(exits.userId, guarantorIds), eq(exits.state, 'holding')));
  if (waiting.length === 0) return;
  const held = await heldByGuarantor(
    tx,
    waiting.map((e) => e.userId),
  );
  for (const exit of waiting) {
    if ((held.get(exit.userId) ?? 0) > 0) continue;
    if ((await memberSavingsFils(tx, exit.userId)) !== 0) continue;
    await tx.update(exits).set({ state: 'closed', closedAt: now }).where(eq(exits.id, exit.id));
    await audit(tx, {
      actorId: actor.id,
      action: 'exit.close',
      targetType: 'user',
      targetId: exit.userId,
      details: { exitId: exit.id, reason: 'guarantee_recovered' },
      ip: actor.ip ?? null,
      at: now,
    });
  }
}
