import type { Db, DbOrTx } from '../../db/client.ts';
import { conflict, type FieldErrors } from '../../lib/errors.ts';
import { aed, sentence } from '../../lib/i18n.ts';
import { audit } from '../audit/public.ts';
import { holdMonthLocks, monthOfMoment, writeMonthLock, type MonthLock } from '../ledger/public.ts';
import { withSecondAdmin, type Decision } from '../proposals/public.ts';
import { locksAndNext, openItemsOf, type OpenItems } from './months.ts';

type Actor = { id: number; ip?: string | null };

/** Each thing still open in a month, as the refusal lists it. */
function openItemSays(items: OpenItems): FieldErrors {
  const says: FieldErrors = {};
  if (!items.statementReachesEnd)
    says.bank_statement = [/*i18n*/ "No bank statement reaches the month's last day: import one."];
  if (items.bankLinesOpen > 0)
    says.bank_lines = [
      sentence(
        /*i18n*/ '{count, plural, one {# line of the bank is} other {# lines of the bank are}} not in the books: match or book them.',
        {
          count: items.bankLinesOpen,
        },
      ),
    ];
  if (items.entriesNotInBank > 0)
    says.entries = [
      sentence(
        /*i18n*/ '{count, plural, one {# movement of cash in the books is} other {# movements of cash in the books are}} not in the bank.',
        {
          count: items.entriesNotInBank,
        },
      ),
    ];
  if (items.differenceFils !== null && items.differenceFils !== 0)
    says.bank_difference = [
      sentence(/*i18n*/ 'The books and the bank differ by {amount} at the month’s end.', {
        amount: aed(Math.abs(items.differenceFils)),
      }),
    ];
  if (items.receiptsWaiting > 0)
    says.receipts = [
      sentence(
        /*i18n*/ '{count, plural, one {# receipt waits} other {# receipts wait}} for review.',
        { count: items.receiptsWaiting },
      ),
    ];
  return says;
}

/** Why this month cannot be locked now (409s, in this order), or nothing. */
async function refuseLock(tx: DbOrTx, month: string, now: Date): Promise<void> {
  if (month >= monthOfMoment(now))
    throw conflict(
      sentence(/*i18n*/ '{month} is not over yet: a month is locked once it has ended.', {
        month: { month },
      }),
    );
  const { locks, next } = await locksAndNext(tx, now);
  if (locks.some((lock) => lock.month === month))
    throw conflict(sentence(/*i18n*/ '{month} is already locked.', { month: { month } }));
  if (month < next)
    throw conflict(
      sentence(/*i18n*/ 'The books begin in {next}: {month} has nothing to lock.', {
        next: { month: next },
        month: { month },
      }),
    );
  if (month > next)
    throw conflict(
      sentence(/*i18n*/ 'Lock {next} first: months are locked in order.', {
        next: { month: next },
      }),
    );
  const items = await openItemsOf(tx, month);
  if (!items.clear)
    throw conflict(
      sentence(
        /*i18n*/ '{month} cannot be locked yet: the books and the bank must agree at its end, and no receipt may wait.',
        { month: { month } },
      ),
      openItemSays(items),
    );
}

/**
 * A month's lock as an admin asks for it: checked, then carried out, or proposed for a second
 * admin when the association has two or more; the second admin's call checks it again.
 */
export async function lockMonthOrPropose(
  db: Db,
  month: string,
  actor: Actor,
  now: Date,
): Promise<Decision<MonthLock>> {
  return db.transaction(async (tx) => {
    await holdMonthLocks(tx);
    await refuseLock(tx, month, now);
    return withSecondAdmin(
      tx,
      {
        action: 'month.lock',
        loanId: null,
        subject: `month:${month}`,
        amountFils: null,
        details: { month },
      },
      actor,
      now,
      async (open) => {
        const lock = await writeMonthLock(tx, {
          month,
          lockedBy: actor.id,
          proposedBy: open?.proposedBy ?? null,
          lockedAt: now,
        });
        await audit(tx, {
          actorId: actor.id,
          action: 'month.lock',
          targetType: 'month',
          targetId: month,
          ip: actor.ip ?? null,
          at: now,
        });
        return lock;
      },
    );
  });
}
