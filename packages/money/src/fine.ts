import type { Fils } from './fils.ts';

// A month's late fine (docs/domain/dues.md), one rule for the server that charges it and the app
// that warns of it.

/** The association's fine: a fixed amount, or when set a percentage of the month's due. */
export interface FineRule {
  fineFils: Fils;
  finePercent: number | null;
}

/** The fine of a month whose due is `dueFils`: the amount, or the percentage rounded half up. */
export function lateFineFils(dueFils: Fils, rule: FineRule): Fils {
  if (rule.finePercent === null) return rule.fineFils;
  return Math.floor((dueFils * rule.finePercent + 50) / 100);
}
