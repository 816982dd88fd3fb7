import { filsToAed, parseAed } from '@jamiya/money/fils';

/** a - b for two API amounts, worked out in integer fils rather than floating point. */
export const aedDifference = (a: number, b: number): number => filsToAed(parseAed(a) - parseAed(b));
