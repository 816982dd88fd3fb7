import { tryParseAed, type Fils } from '@jamiya/money/fils';
import type { Loan } from '@jamiya/contracts/loans';

// What a loan's guarantors cover, for My Loan and the treasurer's loan alike: the sum the server
// counts before it lets a loan be approved (features/loans/guarantees.ts, refuseUncovered).

/** What the accepted guarantees cover of what the loan needs, and whether any declined. */
export function guaranteeCoverage(loan: Pick<Loan, 'guarantee_needed' | 'guarantors'>): {
  neededFils: Fils;
  acceptedFils: Fils;
  isCovered: boolean;
  hasDeclined: boolean;
} {
  const neededFils = tryParseAed(loan.guarantee_needed) ?? 0;
  const acceptedFils = loan.guarantors
    .filter((g) => g.state === 'accepted')
    .reduce((sum, g) => sum + (tryParseAed(g.amount) ?? 0), 0);
  return {
    neededFils,
    acceptedFils,
    isCovered: acceptedFils >= neededFils,
    hasDeclined: loan.guarantors.some((g) => g.state === 'declined'),
  };
}

/** What the accepted guarantees hold of the guarantors' savings: what a write-off could recover. */
export const heldFils = (loan: Pick<Loan, 'guarantors'>): Fils =>
  loan.guarantors
    .filter((g) => g.state === 'accepted')
    .reduce((sum, g) => sum + (tryParseAed(g.held) ?? 0), 0);
