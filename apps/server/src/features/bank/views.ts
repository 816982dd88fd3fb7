import { filsToAed } from '@jamiya/money/fils';
import type {
  BankLine,
  BankMatch,
  BankStatement,
  BankStatementDetail,
  CashEntry,
  WaitingPayment,
} from '@jamiya/contracts/bank';
import type { DbOrTx } from '../../db/client.ts';
import type { CashMovement } from '../ledger/public.ts';
import type { PaymentForMatching } from '../payments/public.ts';
import { memberRefsById } from '../users/public.ts';
import type { StatementPicture } from './proposed.ts';
import type { LineRow, StatementRow } from './statements.ts';

// Statements, lines and matches as the API answers them, in AED.

export async function statementViews(db: DbOrTx, rows: StatementRow[]): Promise<BankStatement[]> {
  const people = await memberRefsById(
    db,
    rows.map((r) => r.importedBy),
  );
  return rows.map((r) => ({
    id: r.id,
    format: r.format,
    bank: r.bank,
    file_name: r.fileName,
    from: r.fromDate,
    to: r.toDate,
    opening_balance: r.openingBalanceFils === null ? null : filsToAed(r.openingBalanceFils),
    closing_balance: r.closingBalanceFils === null ? null : filsToAed(r.closingBalanceFils),
    lines: r.lineCount,
    new_lines: r.newLines,
    duplicate_lines: r.lineCount - r.newLines,
    imported_by: people.get(r.importedBy) ?? { id: r.importedBy, unique_id: '', name: '' },
    imported_at: r.importedAt.toISOString(),
  }));
}

export function lineView(l: LineRow): BankLine {
  return {
    id: l.id,
    booked_on: l.bookedOn,
    amount: filsToAed(l.amountFils),
    text: l.text,
    bank_ref: l.bankRef,
    balance: l.balanceFils === null ? null : filsToAed(l.balanceFils),
    payment_id: l.paymentId,
    entry_id: l.entryId,
  };
}

const refOf = (members: StatementPicture['members'], id: number) =>
  members.get(id) ?? { id, unique_id: '', name: '' };

export function paymentView(
  p: PaymentForMatching,
  members: StatementPicture['members'],
): WaitingPayment {
  return {
    id: p.id,
    kind: p.kind,
    member: refOf(members, p.userId),
    period: p.period,
    loan_id: p.loanId,
    amount: filsToAed(p.amountFils),
    transfer_date: p.transferDate,
    bank_reference: p.bankReference,
    submitted_at: p.submittedAt.toISOString(),
  };
}

export function entryView(m: CashMovement, members: StatementPicture['members']): CashEntry {
  return {
    id: m.entryId,
    kind: m.kind,
    memo: m.memo,
    occurred_on: m.occurredOn,
    amount: filsToAed(m.cashFils),
    member: m.userId === null ? null : refOf(members, m.userId),
    payment_id: m.paymentId,
  };
}

export async function detailView(
  db: DbOrTx,
  picture: StatementPicture,
): Promise<BankStatementDetail> {
  const { members, payments, movements } = picture;
  const [statement] = await statementViews(db, [picture.statement]);
  const matched: BankMatch[] = picture.matches.map(({ lineId, counterpart, why }) => {
    const payment = counterpart.kind === 'payment' ? payments.get(counterpart.id) : undefined;
    const entry = counterpart.kind === 'entry' ? movements.get(counterpart.id) : undefined;
    return {
      line: lineView(picture.lines.get(lineId)!),
      payment: payment ? paymentView(payment, members) : null,
      entry: entry ? entryView(entry, members) : null,
      why,
    };
  });
  return {
    statement: statement!,
    matched,
    linked: picture.linked.map(lineView),
    unmatched_lines: picture.unmatchedLines.map(lineView),
    unmatched_payments: picture.unmatchedPayments.map((p) => paymentView(p, members)),
    unmatched_entries: picture.unmatchedEntries.map((m) => entryView(m, members)),
  };
}
