import { count } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { addMonthsToDate, localDate, periodOf } from '../../lib/calendar.ts';
import { MONTH_NAMES, type MonthName } from '@jamiya/contracts/common';
import { approvePayment, submitDues, submitLoanRepayment } from '../payments/public.ts';
import { type FileStorage, pendingUpload, sanitizeUpload } from '../files/public.ts';
import { applyForLoan, approveLoan, disburseLoan, installmentsOf } from '../loans/public.ts';
import { createUser } from '../users/public.ts';
import { getSettings, setPaymentInstructions } from '../settings/public.ts';
import { submitApplication } from '../membership/public.ts';
import { markAllRead } from '../notifications/public.ts';
import { photoLike } from './demo-pictures.ts';
import type { Actor } from '../../lib/actor.ts';

export const DEMO_PASSWORD = 'jamiya-demo';
export const DEMO_ACCOUNTS = [
  { email: 'admin@jamiya.example', role: 'admin', about: 'the treasurer (admin only, no dues)' },
  {
    email: 'chair@jamiya.example',
    role: 'admin and member',
    about: 'the chair, who confirms the payouts the treasurer proposes; six months of dues paid',
  },
  {
    email: 'amina@jamiya.example',
    role: 'member',
    about:
      'member for 8 months, every due paid but this month, an AED 2,000 loan with 2 of 6 installments repaid',
  },
  {
    email: 'rahul@jamiya.example',
    role: 'member',
    about: 'two dues paid, last month due, this month to pay, no loan',
  },
] as const;

const DAY = 86_400_000;

export const DEMO_PAYMENT_INSTRUCTIONS = [
  'Bank transfer to Emirates NBD, account name "Jamiya Savings Association"',
  'IBAN AE46 0260 0010 1234 5678 901',
  'Or Botim / exchange house to the treasurer, Fatima Al Mansoori: 050 123 9876',
  // The member's own ID, to write in the transfer note, is shown by the app under these lines.
].join('\n');

/** Noon in Dubai on a given date: a stable moment for demo events. */
function at(date: string): Date {
  return new Date(`${date}T12:00:00+04:00`);
}

function monthNameOf(date: string): MonthName {
  return MONTH_NAMES[Number(date.slice(5, 7)) - 1]!;
}

/**
 * Demo data, made through the same services as the app (dues review, the loan lifecycle,
 * the ledger), never by writing balances. Only on an empty database.
 */
export async function seedDemo(db: Db, storage: FileStorage, now = new Date()): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;

  const today = localDate(now);
  const firstOfMonth = `${periodOf(today)}-01`;
  const { monthlyDueFils } = await getSettings(db);
  // Each receipt its own picture: the same one each time would be a duplicate of every other.
  let receipts = 0;
  const receipt = () => photoLike((receipts += 1), 320, 240);

  const admin = await createUser(db, {
    name: 'Fatima Al Mansoori',
    email: 'admin@jamiya.example',
    password: DEMO_PASSWORD,
    role: 'admin',
    joinedOn: addMonthsToDate(firstOfMonth, -12),
  });
  const adminActor: Actor = { id: admin.id, role: 'admin' };
  await setPaymentInstructions(db, DEMO_PAYMENT_INSTRUCTIONS);

  async function payDues(userId: number, monthStart: string) {
    const submittedOn = `${monthStart.slice(0, 8)}05`;
    const stored = pendingUpload(storage, await sanitizeUpload(await receipt()), 'receipt.jpg');
    const payment = await submitDues(
      db,
      userId,
      {
        month: monthNameOf(monthStart),
        amountFils: monthlyDueFils,
        accountNumber: 'AE07 0331 2345 6789 0123 456',
        receipt: stored,
      },
      at(submittedOn),
    );
    await approvePayment(db, payment.id, adminActor, new Date(at(submittedOn).getTime() + DAY));
  }

  // The chair: an admin and a member, so disbursements need the treasurer and the chair.
  const chair = await createUser(db, {
    name: 'Yusuf Khan',
    email: 'chair@jamiya.example',
    password: DEMO_PASSWORD,
    role: 'admin',
    isMember: true,
    mobile: '+971 56 222 3344',
    address: 'Deira, Dubai',
    gender: 'male',
    joinedOn: addMonthsToDate(firstOfMonth, -6),
    createdAt: at(addMonthsToDate(firstOfMonth, -6)),
  });
  for (let m = -6; m <= -1; m++) await payDues(chair.id, addMonthsToDate(firstOfMonth, m));

  const amina = await createUser(db, {
    name: 'Amina Rahman',
    email: 'amina@jamiya.example',
    password: DEMO_PASSWORD,
    mobile: '+971 50 123 4567',
    address: 'Al Qusais, Dubai',
    gender: 'female',
    wallet: 'Botim 0501234567',
    joinedOn: addMonthsToDate(firstOfMonth, -8),
    createdAt: at(addMonthsToDate(firstOfMonth, -8)),
  });
  for (let m = -8; m <= -1; m++) await payDues(amina.id, addMonthsToDate(firstOfMonth, m));

  // The loan: paid out 2 months and 5 days ago, so two installments have fallen due and are repaid.
  const disbursedOn = addMonthsToDate(today, -2).slice(0, 10);
  const disbursedAt = new Date(at(disbursedOn).getTime() - 5 * DAY);
  const loan = await applyForLoan(
    db,
    amina.id,
    {
      loanType: 'personal',
      amountFils: 200_000,
      termMonths: 6,
      includeInsurance: false,
      bankAccount: 'Botim 0501234567',
      passportOrNid: 'N1234567',
    },
    new Date(disbursedAt.getTime() - 4 * DAY),
  );
  await approveLoan(db, loan.id, adminActor, new Date(disbursedAt.getTime() - 2 * DAY));
  await disburseLoan(db, loan.id, adminActor, disbursedAt);
  const [first, second] = await installmentsOf(db, loan.id);
  for (const inst of [first!, second!]) {
    const paidAt = at(inst.dueOn);
    const stored = pendingUpload(storage, await sanitizeUpload(await receipt()), 'repayment.jpg');
    const repayment = await submitLoanRepayment(
      db,
      amina.id,
      { amountFils: inst.amountFils, loanId: loan.id, receipt: stored },
      paidAt,
    );
    await approvePayment(db, repayment.id, adminActor, new Date(paidAt.getTime() + DAY / 2));
  }

  const rahul = await createUser(db, {
    name: 'Rahul Nair',
    email: 'rahul@jamiya.example',
    password: DEMO_PASSWORD,
    mobile: '+971 55 765 4321',
    address: 'Bur Dubai, Dubai',
    gender: 'male',
    joinedOn: addMonthsToDate(firstOfMonth, -3),
    createdAt: at(addMonthsToDate(firstOfMonth, -3)),
  });
  for (let m = -3; m <= -2; m++) await payDues(rahul.id, addMonthsToDate(firstOfMonth, m));

  // The demo members have read the news of their past: the bell starts at zero.
  for (const user of [admin, chair, amina, rahul]) await markAllRead(db, user.id, now);

  // Someone who used Join Now, waiting in the treasurer's applications.
  await submitApplication(
    db,
    {
      name: 'Sara Haddad',
      email: 'sara@jamiya.example',
      mobile: '+971 52 555 0101',
      national_id: 'P4455667',
      address: 'Al Qusais, Dubai',
    },
    { ip: '127.0.0.1', now: new Date(now.getTime() - DAY), language: 'en' },
  );
  return true;
}
