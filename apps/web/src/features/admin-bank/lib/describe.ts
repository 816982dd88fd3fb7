import type { CashEntry, WaitingPayment } from '@jamiya/contracts/bank';
import type { Texts } from '../../../lib/i18n.tsx';
import { periodLabel } from '../../../lib/dates.ts';
import { ENTRY_KIND_TEXTS } from '../texts.ts';

/** What a receipt pays: "Dues for November 2026" or "Loan repayment · loan #4". */
export function paymentWhat(i18n: Texts, payment: WaitingPayment): string {
  if (payment.kind === 'dues')
    return i18n._('admin-bank.payment.dues', {
      month: payment.period ? periodLabel(payment.period) : '',
    });
  return payment.loan_id === null
    ? i18n._('admin-bank.payment.loanRepayment')
    : i18n._('admin-bank.payment.loanRepaymentOf', { id: payment.loan_id });
}

/** What a movement of the books is: its kind in words, else its memo as the books keep it. */
export function entryWhat(i18n: Texts, entry: CashEntry): string {
  const kind = ENTRY_KIND_TEXTS[entry.kind];
  return kind ? i18n._(kind) : entry.memo;
}
