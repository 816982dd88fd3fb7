import type { BankLine, CashEntry, WaitingPayment } from '@jamiya/contracts/bank';
import { isolated } from '../../../lib/bidi.ts';
import type { Texts } from '../../../lib/i18n.tsx';
import { periodLabel } from '../../../lib/dates.ts';
import { ENTRY_KIND_TEXTS, LINK_TEXTS } from '../texts.ts';

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

/** How a line came into the books: "Linked by hand", "Booked to Bank charges"; null when open. */
export function linkHow(i18n: Texts, line: BankLine): string | null {
  if (line.link === 'book' && line.booked_to)
    return i18n._('admin-bank.linked.bookedTo', { account: isolated(line.booked_to.name) });
  return line.link ? i18n._(LINK_TEXTS[line.link]) : null;
}
