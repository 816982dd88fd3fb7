// What the exits' calls answer: each command with the view read back after it, so a route
// calls one function (issue 52).
import type { Fils } from '@jamiya/money/fils';
import type { Language } from '@jamiya/contracts/languages';
import type { AdminExit, ExitView, MyExit } from '@jamiya/contracts/exits';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Exit } from '../../db/schema/exits.ts';
import type { Actor } from '../../lib/actor.ts';
import { payOutExit } from './payout.ts';
import { latestExitOf, requestExit, withdrawExit, type ExitInput } from './request.ts';
import { settlementOf } from './settlement.ts';
import { exitViewOf, memberOf, toAdminExits, toSettlementView } from './views.ts';

const CLEARANCE_LETTER = '/api/my-exit/clearance-letter';

type Admin = Actor & { id: number; ip?: string | null };

/** One exit as the treasurer's list shows it, with its settlement as of now. */
async function adminExitOf(db: DbOrTx, exit: Exit, language: Language): Promise<AdminExit> {
  const [view] = await toAdminExits(db, [exit], new Date(), language);
  return view!;
}

/** GET /my-exit: the member's latest exit, what leaving pays today, and the letter once closed. */
export async function myExitAnswer(
  db: DbOrTx,
  userId: number,
  language: Language,
): Promise<MyExit> {
  const user = await memberOf(db, userId);
  const exit = await latestExitOf(db, userId);
  const now = new Date();
  return {
    exit: exit ? await exitViewOf(db, exit) : null,
    settlement: user.leftOn
      ? null
      : toSettlementView(await settlementOf(db, userId, now), language),
    clearance_letter_url: exit?.state === 'closed' ? CLEARANCE_LETTER : null,
  };
}

/** The member asks to leave; the request as they see it. */
export async function requestedExitView(
  db: Db,
  userId: number,
  input: ExitInput,
  now: Date,
  ip: string | null,
): Promise<ExitView> {
  return exitViewOf(db, await requestExit(db, userId, input, now, null, ip));
}

/** The member takes their request back; the request as they see it. */
export async function withdrawnExitView(
  db: Db,
  userId: number,
  now: Date,
  ip: string | null,
): Promise<ExitView> {
  return exitViewOf(db, await withdrawExit(db, userId, now, ip));
}

/** An admin ends a membership; the exit as the treasurer's list shows it. */
export async function endedMembershipView(
  db: Db,
  userId: number,
  input: ExitInput,
  now: Date,
  committee: { actor: Admin; reason: string },
  language: Language,
): Promise<AdminExit> {
  return adminExitOf(db, await requestExit(db, userId, input, now, committee), language);
}

/** A payout carried out (with the exit as listed after it), or proposed for a second admin. */
export async function payoutAnswer(
  db: Db,
  exitId: number,
  amountFils: Fils,
  actor: Admin,
  now: Date,
  language: Language,
) {
  const decision = await payOutExit(db, exitId, amountFils, actor, now);
  if ('proposed' in decision) return decision;
  return { done: decision.done, exit: await adminExitOf(db, decision.done, language) };
}
