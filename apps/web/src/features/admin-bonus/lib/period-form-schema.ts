import { z } from 'zod';
import { bonusPeriodRequest } from '@jamiya/contracts/bonus';
import { toPeriod } from './period.ts';

/**
 * The period form keeps the dates as the date inputs give them; an empty start (a later
 * period, whose start is fixed) is left out. Checked by the server's own schema.
 */
export const periodFormSchema = z
  .object({
    starts_on: z.string(),
    ends_on: z.string(),
    share_fines: z.boolean(),
    share_other_income: z.boolean(),
    less_expenses: z.boolean(),
  })
  .transform(toPeriod)
  // The dates as the server checks them; the choices are the checkboxes' booleans.
  .pipe(
    bonusPeriodRequest.pick({ starts_on: true, ends_on: true }).extend({
      share_fines: z.boolean(),
      share_other_income: z.boolean(),
      less_expenses: z.boolean(),
    }),
  );

export type PeriodFormInput = z.input<typeof periodFormSchema>;
export type PeriodFormValues = z.output<typeof periodFormSchema>;
