import { z } from 'zod';
import { bonusPeriodRequest } from '@jamiya/contracts/bonus';
import { toPeriod } from './period.ts';

/**
 * The period form keeps the dates as the date inputs give them; an empty start (a later
 * period, whose start is fixed) is left out. Checked by the server's own schema.
 */
export const periodFormSchema = z
  .object({ starts_on: z.string(), ends_on: z.string() })
  .transform(toPeriod)
  .pipe(bonusPeriodRequest);

export type PeriodFormInput = z.input<typeof periodFormSchema>;
export type PeriodFormValues = z.output<typeof periodFormSchema>;
