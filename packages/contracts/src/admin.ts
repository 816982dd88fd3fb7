import { z } from 'zod';
import { optionalText, text } from './common.ts';

// What the treasurer's calls share: who a row belongs to, and the reason or note a decision
// carries.

/** Who a payment or a loan belongs to, as the treasurer's lists show it. */
export const memberRef = z.object({
  id: z.number().int(),
  unique_id: z.string(),
  name: z.string(),
});

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
