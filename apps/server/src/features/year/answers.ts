import type { BookMonth } from '@jamiya/contracts/year';
import type { Language } from '@jamiya/contracts/languages';
import type { Db } from '../../db/client.ts';
import type { ProposalRow } from '../proposals/public.ts';
import { lockMonthOrPropose } from './lock.ts';
import { lockedMonthView } from './months.ts';

/** A month's lock as the call answers it: the proposal, or the month as it now stands. */
export async function lockAnswer(
  db: Db,
  month: string,
  actor: { id: number; ip?: string | null },
  now: Date,
  language: Language,
): Promise<{ proposed: ProposalRow } | { month: BookMonth }> {
  const decision = await lockMonthOrPropose(db, month, actor, now);
  if ('proposed' in decision) return decision;
  return { month: await lockedMonthView(db, decision.done, language) };
}
