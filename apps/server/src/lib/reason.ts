import { unprocessable } from './errors.ts';

// The reason a decision carries when the member it concerns will read it (a rejected loan,
// payment, application or recharge).

/** A decision the member is told about needs a reason they can read. */
export function requireReason(reason: string): string {
  const why = reason.trim();
  if (!why)
    throw unprocessable(/*i18n*/ 'Give a reason; the member will see it.', {
      reason: [/*i18n*/ 'A reason is required.'],
    });
  return why;
}
