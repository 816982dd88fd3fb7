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
export const reasonRequest = z.object({ reason: text('Reason', 500) });

/** A note the treasurer may add to what they do. */
export const optionalNote = optionalText(
  'The note',
  500,
  'The note must be at most 500 characters.',
).optional();

export const optionalNoteRequest = z.object({ reason: optionalNote });
