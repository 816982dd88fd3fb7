import { eq } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import { ELIGIBILITY_INFORMATION, type EligibilityCode } from '@jamiya/contracts/values';
import type { Db, DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { addMonthsToDate, localDate } from '../../lib/calendar.ts';
import { notFound } from '../../lib/errors.ts';
import { aed, sentence, type Say } from '../../lib/i18n.ts';
import {
  applyForLoan,
  heldByGuarantor,
  INACTIVE_MEMBER,
  lastWrittenOffOn,
  openLoanOf,
  openLoanSentence,
  toLoanView,
  type LoanApplication,
  type Standing,
} from '../loans/public.ts';
import { accountSummary, monthsBehind } from '../payments/public.ts';
import { getSettings } from '../settings/public.ts';

// Who may borrow how much, by the association's rules (settings; docs/domain/loan-lifecycle.md,
// Eligibility): long enough a member, dues up to date, and a loan within a multiple of their
// savings. Worked out here, above loans and payments, because it reads both.

export interface Eligibility {
  eligible: boolean;
  /** The member's own maximum (0 when not eligible). */
  maxAmountFils: Fils;
  savingsFils: Fils;
  freeSavingsFils: Fils;
  reasons: Array<{ code: EligibilityCode; say: Say }>;
  /** What loans/apply.ts checks an application against. */
  standing: Standing;
}

export async function loanEligibility(db: DbOrTx, userId: number, now: Date): Promise<Eligibility> {
  const s = await getSettings(db);
  const today = localDate(now);
  const [user] = await db
    .select({ status: users.status, joinedOn: users.joinedOn })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound();
  const reasons: Eligibility['reasons'] = [];
  if (user.status !== 1)
    reasons.push({
      code: 'inactive',
      say: INACTIVE_MEMBER,
    });
  const open = await openLoanOf(db, userId);
  if (open)
    reasons.push({
      code: 'open_loan',
      say: openLoanSentence(open.state),
    });

  // A loss is the others' savings: a member whose loan was written off waits before borrowing.
  const writtenOffOn = await lastWrittenOffOn(db, userId);
  const barredUntil = writtenOffOn && addMonthsToDate(writtenOffOn, s.writeOffBarMonths);
  if (writtenOffOn && barredUntil && today < barredUntil)
    reasons.push({
      code: 'written_off',
      say: sentence(
        /*i18n*/ 'A loan of yours was written off on {day}: you can apply for a loan again from {date}.',
        { day: { day: writtenOffOn }, date: { day: barredUntil } },
      ),
    });

  const from = addMonthsToDate(user.joinedOn, s.minMembershipMonths);
  if (today < from)
    reasons.push({
      code: 'membership_too_short',
      say: sentence(
        /*i18n*/ 'A member may borrow after {months, plural, one {# month} other {# months}} of membership: you can apply from {date}.',
        { months: s.minMembershipMonths, date: { day: from } },
      ),
    });

  const summary = await accountSummary(db, userId, now);
  const unpaid = monthsBehind(summary.rows, summary.currentPeriod).length;
  if (unpaid > s.maxMonthsInArrears)
    reasons.push({
      code: 'dues_in_arrears',
      say:
        s.maxMonthsInArrears === 0
          ? sentence(
              /*i18n*/ 'Bring your dues up to date first: {count, plural, one {# month is} other {# months are}} unpaid.',
              { count: unpaid },
            )
          : sentence(
              /*i18n*/ 'Bring your dues up to date first: {count, plural, one {# month is} other {# months are}} unpaid, and a member may borrow with at most {max, plural, one {# month} other {# months}} unpaid.',
              { count: unpaid, max: s.maxMonthsInArrears },
            ),
    });

  const savingsFils = summary.savingsFils;
  const heldFils = (await heldByGuarantor(db, [userId])).get(userId)!;
  const freeSavingsFils = Math.max(savingsFils - heldFils, 0);
  let maxAmountFils = s.loanMaxFils;
  let limit: Say | null = null;
  if (s.savingsMultiple > 0) {
    const cap = Math.max(savingsFils, 0) * s.savingsMultiple;
    const values = { multiple: s.savingsMultiple, savings: aed(Math.max(savingsFils, 0)) };
    if (cap < s.loanMinFils) {
      maxAmountFils = 0;
      reasons.push({
        code: 'savings_too_low',
        say: sentence(
          /*i18n*/ 'A loan can be at most {multiple} times your savings ({savings}), and the smallest loan is {min}. Keep saving, and you can borrow soon.',
          { ...values, min: aed(s.loanMinFils) },
        ),
      });
    } else if (cap < s.loanMaxFils) {
      // The largest amount on the policy's steps within the cap.
      maxAmountFils =
        s.loanMinFils + Math.floor((cap - s.loanMinFils) / s.loanStepFils) * s.loanStepFils;
      limit = sentence(
        /*i18n*/ 'You can borrow up to {max}: {multiple} times your savings of {savings}.',
        { ...values, max: aed(maxAmountFils) },
      );
      reasons.push({ code: 'savings_limit', say: limit });
    }
  }
  const blocking = reasons.filter((r) => !ELIGIBILITY_INFORMATION.includes(r.code));
  const eligible = blocking.length === 0;
  return {
    eligible,
    maxAmountFils: eligible ? maxAmountFils : 0,
    savingsFils,
    freeSavingsFils,
    reasons,
    standing: {
      openLoan: open?.state ?? null,
      // Inactive (403) and an open loan (409) are refused by the application itself.
      refusal: blocking.find((r) => r.code !== 'inactive' && r.code !== 'open_loan')?.say ?? null,
      maxAmountFils,
      limit,
      freeSavingsFils: s.savingsMultiple > 0 ? freeSavingsFils : null,
    },
  };
}

/**
 * A member's loan application, held to what they may borrow today (their eligibility): the new
 * loan as the member reads it.
 */
export async function applyWithinRules(
  db: Db,
  userId: number,
  application: LoanApplication,
  now: Date,
  ip: string,
) {
  const { standing } = await loanEligibility(db, userId, now);
  const created = await applyForLoan(db, userId, application, now, ip, standing);
  return toLoanView(db, created, now);
}
