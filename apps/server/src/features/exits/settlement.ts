import type { Fils } from '@jamiya/money/fils';
import type { DbOrTx } from '../../db/client.ts';
import { localDate } from '../../lib/calendar.ts';
import { aed, sentence, type Say } from '../../lib/i18n.ts';
import { openShareEstimateFils } from '../bonus/public.ts';
import { memberSavingsFils } from '../ledger/public.ts';
import { heldByGuarantor, openLoanOf, owedOnActiveLoans } from '../loans/public.ts';
import { accountSummary } from '../payments/public.ts';
import { getSettings } from '../settings/public.ts';

// What leaving settles (docs/domain/leaving.md): the savings, plus the share-out estimate where
// the association pays it at exit, less what the member owes on their loan and in late fines;
// what their guarantees of others hold stays until released. Dues unpaid are closed, not
// taken: a due paid goes to the savings and would be paid straight back.

/** A month the exit settles: what is left of its due (closed) and of its fine (paid). */
export interface MonthToSettle {
  period: string;
  dueLeftFils: Fils;
  fineLeftFils: Fils;
}

export interface Settlement {
  asOf: string;
  savingsFils: Fils;
  shareOutFils: Fils;
  loanId: number | null;
  loanOwedFils: Fils;
  finesOwedFils: Fils;
  duesUnpaidFils: Fils;
  months: MonthToSettle[];
  heldFils: Fils;
  /** savings + share − loan − fines − held, never below 0. */
  payoutFils: Fils;
  /** What is owed beyond what the free savings and the share settle. */
  shortfallFils: Fils;
  /** Why the payout cannot be made now; empty when it can. */
  blockers: Say[];
}

/** What leaving would settle for `userId` now. */
export async function settlementOf(db: DbOrTx, userId: number, now: Date): Promise<Settlement> {
  const asOf = localDate(now);
  const summary = await accountSummary(db, userId, now);
  const settings = await getSettings(db);
  const savingsFils = await memberSavingsFils(db, userId);
  const shareOutFils = settings.shareOutAtExit ? await openShareEstimateFils(db, userId, asOf) : 0;
  const openLoan = await openLoanOf(db, userId);
  const loanOwedFils =
    openLoan?.state === 'active' ? ((await owedOnActiveLoans(db, [userId])).get(userId) ?? 0) : 0;
  const heldFils = (await heldByGuarantor(db, [userId])).get(userId) ?? 0;

  const months = summary.rows
    .filter((r) => r.period <= summary.currentPeriod && r.remainingFils > 0)
    .map((r) => {
      const dueLeftFils = Math.max(r.amountFils - r.paidFils, 0);
      return { period: r.period, dueLeftFils, fineLeftFils: r.remainingFils - dueLeftFils };
    });
  const finesOwedFils = months.reduce((s, m) => s + m.fineLeftFils, 0);
  const duesUnpaidFils = months.reduce((s, m) => s + m.dueLeftFils, 0);

  const free = savingsFils + shareOutFils - heldFils;
  const owed = loanOwedFils + finesOwedFils;
  const payoutFils = Math.max(free - owed, 0);
  const shortfallFils = Math.max(owed - free, 0);

  const blockers: Say[] = [];
  if (summary.underReviewFils > 0)
    blockers.push(
      /*i18n*/ 'A receipt awaits the committee’s review: it is decided before the payout.',
    );
  if (openLoan && openLoan.state !== 'active')
    blockers.push(
      /*i18n*/ 'A loan application is still open: it is withdrawn or decided before the payout.',
    );
  if (shortfallFils > 0)
    blockers.push(
      sentence(
        /*i18n*/ 'What is owed is {amount} more than the savings free of guarantees can settle: it is repaid before the payout.',
        { amount: aed(shortfallFils) },
      ),
    );
  return {
    asOf,
    savingsFils,
    shareOutFils,
    loanId: openLoan?.state === 'active' ? openLoan.id : null,
    loanOwedFils,
    finesOwedFils,
    duesUnpaidFils,
    months,
    heldFils,
    payoutFils,
    shortfallFils,
    blockers,
  };
}

/**
 * What the next payout of an exit settles: the whole settlement while it is requested; once the
 * membership has ended but guarantees held part of the savings (holding), that part as they
 * release it. Null for an exit closed or withdrawn.
 */
export async function nextPayoutOf(
  db: DbOrTx,
  exit: { userId: number; state: string },
  now: Date,
): Promise<Settlement | null> {
  if (exit.state === 'requested') return settlementOf(db, exit.userId, now);
  if (exit.state !== 'holding') return null;
  const savingsFils = await memberSavingsFils(db, exit.userId);
  const heldFils = (await heldByGuarantor(db, [exit.userId])).get(exit.userId) ?? 0;
  const payoutFils = Math.max(savingsFils - heldFils, 0);
  return {
    asOf: localDate(now),
    savingsFils,
    shareOutFils: 0,
    loanId: null,
    loanOwedFils: 0,
    finesOwedFils: 0,
    duesUnpaidFils: 0,
    months: [],
    heldFils,
    payoutFils,
    shortfallFils: 0,
    blockers:
      heldFils > 0 && payoutFils === 0
        ? [
            sentence(
              /*i18n*/ 'The member’s guarantees still hold {amount}: it is paid out once they are released.',
              { amount: aed(heldFils) },
            ),
          ]
        : [],
  };
}
