import { inArray, or } from 'drizzle-orm';
import type { CandidatePayment } from '@jamiya/contracts/bank-lines';
import type { DbOrTx } from '../../db/client.ts';
import { bankLines } from '../../db/schema/bank.ts';
import { addDaysToDate } from '../../lib/calendar.ts';
import { entryOfPayment } from '../ledger/public.ts';
import { linkablePayments } from '../payments/public.ts';
import { memberRefsById } from '../users/public.ts';
import { lineOr404 } from './hand-links.ts';
import { MATCH_WINDOW_DAYS } from './matching.ts';
import { paymentView } from './views.ts';

// The payments a line could be linked to by hand: a member's (when the treasurer names them),
// else those of the line's amount within the matching window, each with the line it already has.

export async function linkCandidates(
  db: DbOrTx,
  lineId: number,
  memberId: number | undefined,
): Promise<CandidatePayment[]> {
  const line = await lineOr404(db, lineId);
  const found = await linkablePayments(
    db,
    memberId === undefined
      ? {
          amountFils: line.amountFils,
          from: addDaysToDate(line.bookedOn, -MATCH_WINDOW_DAYS),
          to: addDaysToDate(line.bookedOn, MATCH_WINDOW_DAYS),
        }
      : { memberId },
  );
  const entries = new Map<number, number | null>();
  for (const p of found)
    if (p.status === 'approved') entries.set(p.id, await entryOfPayment(db, p.id));
  const entryIds = [...entries.values()].filter((e): e is number => e !== null);
  const held = found.length
    ? await db
        .select({ id: bankLines.id, paymentId: bankLines.paymentId, entryId: bankLines.entryId })
        .from(bankLines)
        .where(
          or(
            inArray(
              bankLines.paymentId,
              found.map((p) => p.id),
            ),
            entryIds.length ? inArray(bankLines.entryId, entryIds) : undefined,
          ),
        )
    : [];
  const lineOf = (paymentId: number) =>
    held.find(
      (h) =>
        h.paymentId === paymentId || (h.entryId !== null && h.entryId === entries.get(paymentId)),
    )?.id ?? null;
  const members = await memberRefsById(
    db,
    found.map((p) => p.userId),
  );
  return found.map((p) => {
    const amountFils = p.status === 'approved' ? p.approvedAmountFils! : p.amountFils;
    return {
      ...paymentView({ ...p, amountFils }, members),
      status: p.status as 'pending' | 'approved',
      linked_line_id: lineOf(p.id),
      same_amount: amountFils === line.amountFils,
    };
  });
}
