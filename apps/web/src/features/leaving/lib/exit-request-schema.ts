import type { z } from 'zod';
import { exitRequest } from '@jamiya/contracts/exits';
import { lastDayToLeave, type LeaveFormInput, type LeaveFormMessages } from './leave-form.ts';

/**
 * The shared schema of POST /api/my-exit, with the day checked as the server checks it: today
 * in Dubai or later, within a year (the server says so again, in a 422, if the day has turned).
 */
export function exitRequestSchema(today: string, messages: LeaveFormMessages) {
  const last = lastDayToLeave(today);
  return exitRequest.extend({
    leave_on: exitRequest.shape.leave_on
      .refine((day) => day >= today, messages.tooEarly)
      .refine((day) => day <= last, messages.tooLate),
  }) as unknown as z.ZodType<z.output<typeof exitRequest>, LeaveFormInput>;
}
