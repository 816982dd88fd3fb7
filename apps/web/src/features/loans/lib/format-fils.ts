import { filsToAed, type Fils } from '@jamiya/money/fils';
import { aed } from '../../../lib/format.ts';

/** An amount in fils as the reader reads it: "AED 1,070", "AED 356.67". */
export const aedFils = (fils: Fils) => aed(filsToAed(fils));
