import { tryParseAed, type Fils } from '@jamiya/money/fils';
import type { AdminLoan } from '../api/admin-loans.ts';

/**
 * What the accepted guarantees cover of what the loan needs, as the server counts it before an
 * approval (a 409 until they cover it all).
 */
export function guaranteeCoverage(loan: AdminLoan): {
  coveredFils: Fils;
  neededFils: Fils;
  isCovered: boolean;
} {
  const coveredFils = loan.guarantors
    .filter((g) => g.state === 'accepted')
    .reduce((sum, g) => sum + (tryParseAed(g.amount) ?? 0), 0);
  const neededFils = tryParseAed(loan.guarantee_needed) ?? 0;
  return { coveredFils, neededFils, isCovered: coveredFils >= neededFils };
}

/** What the accepted guarantees hold of the guarantors' savings: what a write-off could recover. */
export const heldFils = (loan: AdminLoan): Fils =>
  loan.guarantors
    .filter((g) => g.state === 'accepted')
    .reduce((sum, g) => sum + (tryParseAed(g.held) ?? 0), 0);
