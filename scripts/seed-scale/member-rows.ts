// One member's rows: the member, their savings account, every month's due paid and approved
// with its journal entry (one in eight stopped paying one to four months ago, for the arrears
// desk to find), a receipt under review this month for one in ten, and a loan for one in four
// (loan-rows.ts). A member without a loan may stand guarantor for a later one's; one in five
// lets other members find them in the list of guarantors.
import { uniqueIdFor } from '../../apps/server/src/features/users/create-user.ts';
import { periodLabel, periodOf } from '../../apps/server/src/lib/calendar.ts';
import { addEntry, at, plusDays, type Association, type Batch } from './batch.ts';
import { addLoan, type LoanKind } from './loan-rows.ts';

/** Adds member number `n` to the batch; the kind of loan they were given, if any. */
export function addMember(batch: Batch, a: Association, n: number): LoanKind | null {
  const { users, accounts, payments } = batch;
  const { id, random, admin, joinedOn, passwordHash, periods, today, cashId } = a;
  const due = a.settings.monthlyDueFils;
  const userId = id.user++;
  users.push([
    userId,
    uniqueIdFor(userId),
    'member',
    1,
    `Member ${n}`,
    `member${n}@scale.example`,
    `+971 50 ${String(1_000_000 + n).slice(-7)}`,
    passwordHash,
    n % 5 === 0,
    joinedOn,
    at(joinedOn),
    at(joinedOn),
  ]);
  const savingsId = id.account++;
  accounts.push([
    savingsId,
    `savings:${userId}`,
    'liability',
    `Savings of member ${userId}`,
    userId,
    null,
  ]);

  const behind = random() < 0.125 ? 1 + Math.floor(random() * 4) : 0;
  const paid = periods.length - behind;
  for (const month of periods.slice(0, paid)) {
    const submitted = at(`${month.slice(0, 8)}05`);
    const reviewed = plusDays(submitted, 1);
    const paymentId = id.payment++;
    payments.push([
      paymentId,
      userId,
      'dues',
      periodOf(month),
      null,
      due,
      due,
      'AE07 0331 2345 6789 0123 456',
      'approved',
      admin.id,
      reviewed,
      submitted,
    ]);
    const memo = `Monthly due ${periodLabel(periodOf(month))}`;
    addEntry(batch, a, { kind: 'dues', memo, at: reviewed, paymentId, loanId: null }, [
      [cashId, due],
      [savingsId, -due],
    ]);
  }
  // This month: one in ten has a receipt under review (the admin's pending list).
  if (random() < 0.1) {
    const submitted = at(today);
    payments.push([
      id.payment++,
      userId,
      'dues',
      periodOf(today),
      null,
      due,
      null,
      'AE07 0331 2345 6789 0123 456',
      'pending',
      null,
      null,
      submitted,
    ]);
  }

  const dice = random();
  const loanKind = dice < 0.15 ? 'active' : dice < 0.25 ? 'closed' : null;
  if (!loanKind) {
    a.savers.push({ userId, paid, holds: [] });
    return null;
  }
  addLoan(batch, a, { userId, paid }, n, loanKind);
  return loanKind;
}
