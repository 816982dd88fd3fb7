import { and, desc, eq, lt } from 'drizzle-orm';
import { filsToAed } from '@jamiya/money/fils';
import type { Payment as PaymentView } from '@jamiya/contracts/payments';
import type { DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import { periodLabel } from '../../lib/calendar.ts';
import { page } from '../../lib/pagination.ts';
import { fileUrl } from '../files/public.ts';
import type { Payment } from './submissions.ts';

export function toPaymentView(p: Payment): PaymentView {
  return {
    id: p.id,
    kind: p.kind,
    month: p.period ? periodLabel(p.period) : null,
    period: p.period,
    loan_id: p.loanId,
    amount: filsToAed(p.amountFils),
    approved_amount: p.approvedAmountFils === null ? null : filsToAed(p.approvedAmountFils),
    account_number: p.accountNumber,
    transfer_date: p.transferDate,
    bank_reference: p.bankReference,
    status: p.status,
    review_note: p.reviewNote,
    receipt_url: fileUrl(p.receiptFileId),
    created_at: p.createdAt.toISOString(),
    reviewed_at: p.reviewedAt?.toISOString() ?? null,
  };
}

/** A page of the member's own submissions, newest first, as they read them. */
export async function myPaymentsPage(
  db: DbOrTx,
  userId: number,
  query: { cursor: number | null; limit: number },
): Promise<{ items: PaymentView[]; next_cursor: string | null }> {
  const { cursor, limit } = query;
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), cursor === null ? undefined : lt(payments.id, cursor)))
    .orderBy(desc(payments.id))
    .limit(limit + 1);
  const { items, nextCursor } = page(rows, limit);
  return { items: items.map(toPaymentView), next_cursor: nextCursor };
}
