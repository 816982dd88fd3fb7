import type { Fils } from '@jamiya/money/fils';
import type { ReverseEntryBody } from '@jamiya/contracts/accounts';
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, forbidden } from '../../lib/errors.ts';
import { sentence } from '../../lib/i18n.ts';
import { audit } from '../audit/public.ts';
import { releaseLineOfEntry } from '../bank/public.ts';
import {
  entryWithPostings,
  reverseEntry,
  REVERSIBLE,
  type EntryWithPostings,
} from '../ledger/public.ts';
import { reverseRepayment, type Correction } from '../loans/public.ts';
import { notify, savingsEntryNotice } from '../notifications/public.ts';
import { refuseSavingsBelowHolds, reversePayment } from '../payments/public.ts';
import { withSecondAdmin, type Decision } from '../proposals/public.ts';

// A mistake corrected, never erased (docs/domain/accounts.md): a new balanced entry negating the
// original, dated the day it is made, with a reason the member reads in their language. Two
// admins when two are active, as for money out. A bank line the original was linked to is open
// again, to be linked or booked as it should have been.

type Admin = Actor & { id: number };

export interface Corrected {
  entryId: number;
  reversalId: number;
  paymentId: number | null;
  lineId: number | null;
}

/** Why an entry of this kind is not corrected by reversal, and what corrects it. */
function refuseKind({ entry, reversedBy }: EntryWithPostings): void {
  if (entry.kind === 'reversal')
    throw conflict(
      /*i18n*/ 'A correction cannot itself be reversed: correct the original again with a new entry instead.',
    );
  if (reversedBy !== null)
    throw conflict(
      sentence(/*i18n*/ 'Entry {entry} was already corrected by entry {reversal}.', {
        entry: entry.id,
        reversal: reversedBy,
      }),
    );
  if (!REVERSIBLE.has(entry.kind))
    throw conflict(
      sentence(
        /*i18n*/ '{kind, select, disbursement {A loan paid out is corrected by its repayments or a write-off} write_off {A write-off stands with its recovery} recovery {A recovery stands with its write-off} bonus {A share-out is corrected by the next share-out} opening {The opening balance is corrected with an entry by hand} fine {A late fine is waived, not reversed} fine_waiver {A waiver stands: fine again by hand if it was wrong} exit {A payout to a member who left stands} other {This entry is corrected by its own action}}, not by reversal.',
        { kind: entry.kind },
      ),
    );
}

/** Nothing moves for a member who left and was paid out: they owe and hold nothing. */
async function refuseLeftMembers(tx: DbOrTx, { postings }: EntryWithPostings): Promise<void> {
  const ids = [...new Set(postings.flatMap((p) => (p.userId === null ? [] : [p.userId])))];
  if (ids.length === 0) return;
  const left = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), isNotNull(users.leftOn)));
  if (left.length > 0)
    throw conflict(
      /*i18n*/ 'This member has left and was paid out: entries on their money can no longer be reversed.',
    );
}

/** What the entry moved that is the admin's own: their savings, fines or loan. */
function refuseOwn({ postings }: EntryWithPostings, actor: Admin): void {
  if (postings.some((p) => p.userId === actor.id))
    throw forbidden(/*i18n*/ 'You cannot correct an entry on your own money; another admin must.');
}

export async function correctEntry(
  db: Db,
  entryId: number,
  body: ReverseEntryBody,
  actor: Admin,
  now: Date,
): Promise<Decision<Corrected>> {
  return db.transaction(async (tx) => {
    const recorded = await entryWithPostings(tx, entryId);
    refuseKind(recorded);
    refuseOwn(recorded, actor);
    await refuseLeftMembers(tx, recorded);
    const { entry, postings } = recorded;
    const carryOut = async (proposedBy: number | null): Promise<Corrected> => {
      const by: Correction = {
        actor,
        memo: body.reason,
        reasonCode: body.reason_code,
        proposedBy,
        now,
      };
      let reversalId: number;
      if (entry.paymentId !== null && (entry.kind === 'dues' || entry.kind === 'repayment')) {
        ({ reversalId } = await reversePayment(tx, recorded, by));
      } else if (entry.kind === 'repayment') {
        // A repayment the treasurer recorded in cash, with no payment of the member's.
        ({ reversalId } = await reverseRepayment(tx, recorded, by));
      } else {
        reversalId = await reverseEntry(tx, entryId, {
          createdBy: actor.id,
          memo: body.reason,
          occurredAt: now,
          proposedBy,
          reasonCode: body.reason_code,
        });
        for (const p of postings)
          if (p.code.startsWith('savings:') && p.userId !== null) {
            await refuseSavingsBelowHolds(tx, p.userId);
            await notify(tx, {
              ...savingsEntryNotice(p.userId, p.amountFils, body.reason),
              at: now,
            });
          }
      }
      const lineId = await releaseLineOfEntry(tx, entryId, actor, now);
      await audit(tx, {
        actorId: actor.id,
        action: 'entry.reverse',
        targetType: 'journal_entry',
        targetId: entryId,
        reason: body.reason,
        details: { reversalId, reasonCode: body.reason_code, proposedBy, lineId },
        ip: actor.ip ?? null,
        at: now,
      });
      return { entryId, reversalId, paymentId: entry.paymentId, lineId };
    };
    const movedFils = postings.reduce((s, p) => s + Math.max(p.amountFils, 0), 0) as Fils;
    return withSecondAdmin(
      tx,
      {
        action: 'entry.reverse',
        loanId: null,
        subject: `entry:${entryId}`,
        amountFils: movedFils,
        reason: body.reason,
        details: {
          entryId,
          reasonCode: body.reason_code,
          reason: body.reason,
          // Whose money it moves, for the lists of proposals.
          ...(postings.find((p) => p.userId !== null)
            ? { memberId: postings.find((p) => p.userId !== null)!.userId }
            : {}),
        },
      },
      actor,
      now,
      (open) => carryOut(open?.proposedBy ?? null),
      (open) =>
        (open.details as { reasonCode?: string } | null)?.reasonCode === body.reason_code
          ? null
          : /*i18n*/ 'Another admin proposed this correction for another reason; confirm that, or withdraw it first.',
    );
  });
}
