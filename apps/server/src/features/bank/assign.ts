import type { Fils } from '@jamiya/money/fils';
import type { AssignLineBody } from '@jamiya/contracts/bank';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { unprocessable } from '../../lib/errors.ts';
import { recordPaymentFromBank } from '../payments/public.ts';
import { withSecondAdmin, type Decision } from '../proposals/public.ts';
import { entryOfPayment } from '../ledger/public.ts';
import { linkLine, lockOpenLine } from './links.ts';
import type { LineRow } from './statements.ts';

// Money the bank received with no receipt: the treasurer says whose it is and what for, and
// it becomes an approved payment whose evidence is the bank line. With two or more active
// admins, one proposes and another confirms, as for a payout (docs/domain/maker-checker.md).

type Admin = Actor & { id: number };

export interface Assigned {
  line: LineRow;
  paymentId: number;
}

export async function assignLine(
  db: Db,
  lineId: number,
  body: AssignLineBody,
  actor: Admin,
  now: Date,
): Promise<Decision<Assigned>> {
  return db.transaction(async (tx) => {
    const line = await lockOpenLine(tx, lineId);
    if (line.amountFils <= 0)
      throw unprocessable(/*i18n*/ 'Only money the bank received can be assigned to a member.');
    const asked = {
      lineId,
      memberId: body.member_id,
      period: body.period ?? null,
      loanId: body.loan_id ?? null,
    };
    return withSecondAdmin(
      tx,
      {
        action: 'bank.assign',
        // A line has one open proposal, whoever it names: the member and what for are details
        // (the proposal's view finds the member there).
        loanId: null,
        memberId: null,
        subject: `bank_line:${lineId}`,
        amountFils: line.amountFils as Fils,
        details: asked,
      },
      actor,
      now,
      async () => {
        const payment = await recordPaymentFromBank(
          tx,
          {
            userId: body.member_id,
            period: body.period,
            loanId: body.loan_id,
            amountFils: line.amountFils,
            bankReference: line.bankRef,
            transferDate: line.bookedOn,
          },
          actor,
          now,
        );
        const entryId = await entryOfPayment(tx, payment.id);
        await linkLine(tx, lineId, { paymentId: payment.id, entryId }, actor, now, 'assign');
        return {
          line: { ...line, paymentId: payment.id, entryId, linkKind: 'assign' as const },
          paymentId: payment.id,
        };
      },
      (open) => {
        const proposed = open.details as typeof asked | null;
        return proposed?.memberId === asked.memberId &&
          proposed.period === asked.period &&
          proposed.loanId === asked.loanId
          ? null
          : /*i18n*/ 'Another admin proposed this bank line for another member, month or loan; confirm that, or withdraw it first.';
      },
    );
  });
}
