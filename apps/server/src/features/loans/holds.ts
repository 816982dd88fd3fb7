import { and, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { DbOrTx } from '../../db/client.ts';
import { loanGuarantees, loanInstallments, loans } from '../../db/schema/loans.ts';
import type { LoanState } from '../../db/schema/loans.ts';
import { installmentLeft } from './installments.ts';

// What a guarantee holds of its guarantor's savings (docs/domain/guarantors.md): its amount
// times what the loan still owes over the loan's total, rounded down. A loan not yet paid out
// owes its whole total, so the hold is the whole amount; repayments shrink it in proportion;
// once the loan ends (closed, written off, withdrawn, rejected) nothing is held.

const HOLDING_STATES: LoanState[] = ['pending', 'approved', 'active'];

/** The hold of a guarantee of `amountFils` on a loan of `totalFils` that still owes `owedFils`. */
export function heldFils(amountFils: Fils, owedFils: Fils, totalFils: Fils): Fils {
  if (totalFils <= 0 || owedFils <= 0) return 0;
  const owed = owedFils > totalFils ? totalFils : owedFils;
  return Number((BigInt(amountFils) * BigInt(owed)) / BigInt(totalFils));
}

export interface GuaranteeRow {
  id: number;
  loanId: number;
  guarantorId: number;
  amountFils: Fils;
  state: (typeof loanGuarantees.$inferSelect)['state'];
  askedAt: Date;
  answeredAt: Date | null;
  recoveredFils: Fils;
  loanUserId: number;
  loanState: LoanState;
  loanTotalFils: Fils;
  /** What the loan still owes: its total before the payout, its installments' rest after. */
  owedFils: Fils;
  heldFils: Fils;
}

/** Guarantees matching `where`, each with its loan's figures and what it holds now. */
export async function guaranteeRows(db: DbOrTx, where: SQL | undefined): Promise<GuaranteeRow[]> {
  const rows = await db
    .select({
      id: loanGuarantees.id,
      loanId: loanGuarantees.loanId,
      guarantorId: loanGuarantees.guarantorId,
      amountFils: loanGuarantees.amountFils,
      state: loanGuarantees.state,
      askedAt: loanGuarantees.askedAt,
      answeredAt: loanGuarantees.answeredAt,
      recoveredFils: loanGuarantees.recoveredFils,
      loanUserId: loans.userId,
      loanState: loans.state,
      loanTotalFils: loans.totalFils,
    })
    .from(loanGuarantees)
    .innerJoin(loans, eq(loans.id, loanGuarantees.loanId))
    .where(where)
    .orderBy(desc(loanGuarantees.id));
  const active = [...new Set(rows.filter((r) => r.loanState === 'active').map((r) => r.loanId))];
  const owedOnActive = new Map<number, Fils>();
  if (active.length > 0) {
    const sums = await db
      .select({ loanId: loanInstallments.loanId, owed: sql<string>`sum(${installmentLeft})` })
      .from(loanInstallments)
      .where(inArray(loanInstallments.loanId, active))
      .groupBy(loanInstallments.loanId);
    for (const s of sums) owedOnActive.set(s.loanId, Number(s.owed));
  }
  return rows.map((r) => {
    const owedFils =
      r.loanState === 'active'
        ? (owedOnActive.get(r.loanId) ?? 0)
        : HOLDING_STATES.includes(r.loanState)
          ? r.loanTotalFils
          : 0;
    return {
      ...r,
      owedFils,
      heldFils: r.state === 'accepted' ? heldFils(r.amountFils, owedFils, r.loanTotalFils) : 0,
    };
  });
}

/** What each member's accepted guarantees hold of their savings now (0 for one with none). */
export async function heldByGuarantor(db: DbOrTx, userIds: number[]): Promise<Map<number, Fils>> {
  const out = new Map(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return out;
  const rows = await guaranteeRows(
    db,
    and(
      inArray(loanGuarantees.guarantorId, userIds),
      eq(loanGuarantees.state, 'accepted'),
      inArray(loans.state, HOLDING_STATES),
    ),
  );
  for (const r of rows) out.set(r.guarantorId, (out.get(r.guarantorId) ?? 0) + r.heldFils);
  return out;
}

/**
 * What write-offs took from the member's savings for the loans they guaranteed since `since`
 * (a leaving member's savings held by guarantees, taken after the exit's payout).
 */
export async function recoveredFromGuarantorSince(
  db: DbOrTx,
  guarantorId: number,
  since: Date,
): Promise<Fils> {
  const [row] = await db
    .select({ fils: sql<string | null>`sum(${loanGuarantees.recoveredFils})` })
    .from(loanGuarantees)
    .where(and(eq(loanGuarantees.guarantorId, guarantorId), gte(loanGuarantees.releasedAt, since)));
  return Number(row?.fils ?? 0);
}
