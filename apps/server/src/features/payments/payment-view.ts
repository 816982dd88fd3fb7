import { filsToAed } from '@jamiya/money/fils';
import type { Payment as PaymentView } from '@jamiya/contracts/payments';
import { periodLabel } from '../../lib/calendar.ts';
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
