import type { z } from 'zod';
import type { loanRepaymentFields, monthlyPaymentFields } from '@jamiya/contracts/payments';
import type { Db } from '../../db/client.ts';
import { unprocessable } from '../../lib/errors.ts';
import type { UploadedFile } from '../../lib/uploaded-file.ts';
import { checkedUpload, type FileStorage } from '../files/public.ts';
import {
  checkDues,
  checkLoanRepayment,
  submitDues,
  submitLoanRepayment,
  type Payment,
} from './submissions.ts';

// POST /api/save-monthly-payment, one of the seven calls the member app was built on
// (docs/product.md): a month's due with its receipt or, with only an amount, a repayment of
// the active loan; and POST /api/my-loans/:id/repayments, a repayment with its receipt.
// Each waits for an admin's review before it moves money.

type Fields = z.output<typeof monthlyPaymentFields> & { photo?: UploadedFile | undefined };

/** The member's payment as sent, and whether it is a repayment of the loan (only an amount). */
export async function submitMonthlyPayment(
  deps: { db: Db; storage: FileStorage },
  userId: number,
  fields: Fields,
  by: { ip: string; now: Date },
): Promise<{ payment: Payment; repayment: boolean }> {
  const { db, storage } = deps;
  const { ip, now } = by;
  const { payment_amount, month, account_number, photo } = fields;
  const transfer = { transferDate: fields.transfer_date, bankReference: fields.bank_reference };
  if (month === undefined && account_number === undefined && photo === undefined) {
    const payment = await submitLoanRepayment(
      db,
      userId,
      { amountFils: payment_amount, ...transfer },
      now,
      ip,
    );
    return { payment, repayment: true };
  }
  const missing: Record<string, string[]> = {};
  if (month === undefined) missing.month = [/*i18n*/ 'Choose a month.'];
  if (account_number === undefined)
    missing.account_number = [/*i18n*/ 'Account number is required.'];
  if (photo === undefined) missing.photo = [/*i18n*/ 'Attach the receipt (a photo or a PDF).'];
  if (month === undefined || account_number === undefined || photo === undefined) {
    throw unprocessable(/*i18n*/ 'Please fill in every field and attach the receipt.', missing);
  }
  // What cannot be taken is refused before the receipt is looked at (issue 32).
  await checkDues(db, userId, { month, amountFils: payment_amount }, now);
  const receipt = await checkedUpload(storage, photo);
  const payment = await submitDues(
    db,
    userId,
    { month, amountFils: payment_amount, accountNumber: account_number, receipt, ...transfer },
    now,
    ip,
  );
  return { payment, repayment: false };
}

/**
 * A repayment of the member's loan with its receipt. Not the member's loan, not active, too
 * much: refused before the receipt is looked at; it is dated once the receipt is checked.
 */
export async function submitRepaymentWithReceipt(
  deps: { db: Db; storage: FileStorage },
  userId: number,
  loanId: number,
  fields: z.output<typeof loanRepaymentFields>,
  photo: UploadedFile,
  ip: string,
): Promise<Payment> {
  const { db, storage } = deps;
  const { payment_amount, account_number } = fields;
  await checkLoanRepayment(db, userId, { amountFils: payment_amount, loanId });
  const receipt = await checkedUpload(storage, photo);
  return submitLoanRepayment(
    db,
    userId,
    {
      amountFils: payment_amount,
      loanId,
      accountNumber: account_number,
      receipt,
      transferDate: fields.transfer_date,
      bankReference: fields.bank_reference,
    },
    new Date(),
    ip,
  );
}
