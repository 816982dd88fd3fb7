import { z } from 'zod';
import { optionalText, text } from './common.ts';

// What the treasurer's decisions carry: the reason or note. (Who a row belongs to, memberRef, is
// in common.ts: the member's own calls name people too, and need not load these sentences.)

/** A decision the member reads: the reason is required. */
export const reasonRequest = z.object({
  reason: text(500, {
    required: /*i18n*/ 'Reason is required.',
    tooLong: /*i18n*/ 'Reason must be at most 500 characters.',
    notAllowed: /*i18n*/ 'Reason contains characters that are not allowed.',
  }),
});

/** A note the treasurer may add to what they do. */
export const optionalNote = optionalText(500, {
  tooLong: /*i18n*/ 'The note must be at most 500 characters.',
  notAllowed: /*i18n*/ 'The note contains characters that are not allowed.',
}).optional();

export const optionalNoteRequest = z.object({ reason: optionalNote });
