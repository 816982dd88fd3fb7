import { filsToAed, type Fils } from '@jamiya/money/fils';
import type { StatementLine } from '@jamiya/contracts/statement';
import type { Language } from '@jamiya/contracts/languages';
import type { LoanCharge } from '@jamiya/contracts/settings';
import type { DbOrTx } from '../../db/client.ts';
import { localDate } from '../../lib/calendar.ts';
import { shareOutsOf } from '../bonus/public.ts';
import {
  describeMovement,
  interestPostedOn,
  memberMovements,
  type CorrectionOf,
  type EntryKind,
} from '../ledger/public.ts';
import { openingInterestOwedOf, scheduledInterestOf } from '../loans/public.ts';
import { duesPeriodsOf } from '../payments/public.ts';

export interface StatementRow {
  entryId: number;
  occurredAt: Date;
  kind: EntryKind;
  /** As the books keep it, in English; `describeMovement` says it in the reader's language. */
  memo: string;
  loanId: number | null;
  /** The month of dues it pays, for dues. */
  period: string | null;
  /** The days a share-out shared the interest of (YYYY-MM-DD), for a bonus. */
  shareOut: { from: string; to: string } | null;
  /** What a correction corrected. */
  correction?: CorrectionOf | null;
  savingsChangeFils: Fils;
  /** Change of what the member owes on loans, principal and interest: the two below. */
  loanChangeFils: Fils;
  loanPrincipalChangeFils: Fils;
  loanInterestChangeFils: Fils;
  savingsBalanceFils: Fils;
  /** Owed on loans after the line, principal and interest, as My Loan's remaining. */
  loanBalanceFils: Fils;
  loanPrincipalBalanceFils: Fils;
  loanInterestBalanceFils: Fils;
}

/**
 * Every movement of a member's savings and loans, from their postings, with running
 * balances; newest first. Savings are a liability (credit raises them), a loan a receivable.
 *
 * What a member owes on a loan is what My Loan says remains (issue 33): the sum of its
 * installments, principal and interest, less what was repaid. The books hold the principal
 * (the receivable) and take interest as income when it is repaid, so the interest part comes
 * from the schedule: owed in all from the payout, lowered by the interest each repayment
 * posted, given up by a write-off.
 */
export async function memberStatement(db: DbOrTx, userId: number): Promise<StatementRow[]> {
  const rows = await memberMovements(db, userId);
  const periods = await duesPeriodsOf(
    db,
    rows.flatMap((r) => r.paymentId ?? []),
  );
  const shareOuts = await shareOutsOf(
    db,
    rows.filter((r) => r.kind === 'bonus').map((r) => r.entryId),
  );
  const scheduledInterest = await scheduledInterestOf(db, userId);
  // A loan brought in by an import opens owing the interest its schedule had left then.
  const openingInterest = rows.some((r) => r.kind === 'opening')
    ? await openingInterestOwedOf(db, userId)
    : new Map<number, Fils>();
  const interestPosted = await interestPostedOn(db, [...scheduledInterest.keys()]);
  let savings = 0;
  let principal = 0;
  let interest = 0;
  /** Interest still owed on each loan, and the interest part of each loan line (for reversals). */
  const interestOwed = new Map<number, Fils>();
  const interestOfEntry = new Map<number, Fils>();
  const interestChangeOf = (r: (typeof rows)[number]): Fils => {
    if (r.kind === 'opening') {
      for (const [loanId, owed] of openingInterest) interestOwed.set(loanId, owed);
      return [...openingInterest.values()].reduce((s, owed) => s + owed, 0);
    }
    if (r.loanId === null) return 0;
    switch (r.kind) {
      case 'disbursement':
        return scheduledInterest.get(r.loanId) ?? 0;
      case 'write_off':
        return 0 - (interestOwed.get(r.loanId) ?? 0);
      case 'reversal':
        // A correction undoes its original, whose interest part is known by now.
        return r.reversesEntryId !== null && interestOfEntry.has(r.reversesEntryId)
          ? 0 - interestOfEntry.get(r.reversesEntryId)!
          : (interestPosted.get(r.entryId) ?? 0);
      case 'repayment':
        // The interest it credited to income (a credit, so negative).
        return interestPosted.get(r.entryId) ?? 0;
      default:
        return 0;
    }
  };
  const lines = rows.map((r): StatementRow => {
    const savingsChangeFils = 0 - Number(r.savings);
    const loanPrincipalChangeFils = Number(r.loan);
    const loanInterestChangeFils = interestChangeOf(r);
    if (r.loanId !== null) {
      interestOfEntry.set(r.entryId, loanInterestChangeFils);
      interestOwed.set(r.loanId, (interestOwed.get(r.loanId) ?? 0) + loanInterestChangeFils);
    }
    savings += savingsChangeFils;
    principal += loanPrincipalChangeFils;
    interest += loanInterestChangeFils;
    return {
      entryId: r.entryId,
      occurredAt: r.occurredAt,
      kind: r.kind,
      memo: r.memo,
      loanId: r.loanId,
      period: r.paymentId === null ? null : (periods.get(r.paymentId) ?? null),
      shareOut: shareOuts.get(r.entryId) ?? null,
      correction:
        r.correctedKind && r.correctedOn
          ? { kind: r.correctedKind, on: r.correctedOn, reasonCode: r.reasonCode }
          : null,
      savingsChangeFils,
      loanChangeFils: loanPrincipalChangeFils + loanInterestChangeFils,
      loanPrincipalChangeFils,
      loanInterestChangeFils,
      savingsBalanceFils: savings,
      loanBalanceFils: principal + interest,
      loanPrincipalBalanceFils: principal,
      loanInterestBalanceFils: interest,
    };
  });
  return lines.reverse();
}

/** The balances at a moment: savings, and what is owed on loans with its two parts. */
export interface StatementBalances {
  savingsFils: Fils;
  loanFils: Fils;
  loanPrincipalFils: Fils;
  loanInterestFils: Fils;
}

export interface StatementPeriod {
  /** Dubai days, YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  opening: StatementBalances;
  closing: StatementBalances;
  /** The movements of the period (of one kind, if asked), newest first, with real balances. */
  lines: StatementRow[];
}

/**
 * The statement of a period of Dubai days. Without `from` it starts at the member's first
 * movement (or `to`); without `to` it ends today. The opening balances are those just before
 * `from`, the closing ones those at the end of `to`; a kind filter leaves out lines, never
 * changes a balance.
 */
export async function statementForPeriod(
  db: DbOrTx,
  userId: number,
  filter: { from?: string | undefined; to?: string | undefined; kind?: EntryKind | undefined },
  now: Date,
): Promise<StatementPeriod> {
  const all = await memberStatement(db, userId);
  const dated = all.map((row) => ({ row, day: localDate(row.occurredAt) }));
  const to = filter.to ?? localDate(now);
  const first = dated.at(-1)?.day;
  const from = filter.from ?? (first !== undefined && first < to ? first : to);
  const balanceAt = (row: StatementRow | undefined): StatementBalances => ({
    savingsFils: row?.savingsBalanceFils ?? 0,
    loanFils: row?.loanBalanceFils ?? 0,
    loanPrincipalFils: row?.loanPrincipalBalanceFils ?? 0,
    loanInterestFils: row?.loanInterestBalanceFils ?? 0,
  });
  return {
    from,
    to,
    opening: balanceAt(dated.find((d) => d.day < from)?.row),
    closing: balanceAt(dated.find((d) => d.day <= to)?.row),
    lines: dated
      .filter((d) => d.day >= from && d.day <= to && (!filter.kind || d.row.kind === filter.kind))
      .map((d) => d.row),
  };
}

/** A statement row as the API answers it, to the member and to the treasurer. */
export function toStatementLine(
  row: StatementRow,
  language: Language,
  charge: LoanCharge,
): StatementLine {
  return {
    entry_id: row.entryId,
    occurred_at: row.occurredAt.toISOString(),
    kind: row.kind,
    memo: describeMovement(row, language, charge),
    savings_change: filsToAed(row.savingsChangeFils),
    loan_change: filsToAed(row.loanChangeFils),
    loan_principal_change: filsToAed(row.loanPrincipalChangeFils),
    loan_interest_change: filsToAed(row.loanInterestChangeFils),
    savings_balance: filsToAed(row.savingsBalanceFils),
    loan_balance: filsToAed(row.loanBalanceFils),
    loan_principal_balance: filsToAed(row.loanPrincipalBalanceFils),
    loan_interest_balance: filsToAed(row.loanInterestBalanceFils),
  };
}
