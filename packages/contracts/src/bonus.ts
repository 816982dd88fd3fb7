import { z } from 'zod';
import { aedOutput } from './common.ts';

// The share-out of the association's interest income (issue 5, docs/domain/bonus.md).

/** A calendar date in Dubai as YYYY-MM-DD. */
export const isoDate = z
  .string({ error: /*i18n*/ 'Enter a date as YYYY-MM-DD.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, /*i18n*/ 'Enter a date as YYYY-MM-DD.')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, /*i18n*/ 'This date does not exist.');

const sharePercent = z
  .number()
  .meta({ description: 'Share of the balance-days in percent, rounded to two decimals.' });

const averageBalance = aedOutput.meta({
  description:
    'Savings held on average over the period: the sum of each day-end balance divided by the number of days, to the fil.',
});

// ---- Admin --------------------------------------------------------------------------

export const bonusPeriodRequest = z.object({
  starts_on: isoDate.optional().meta({
    description:
      'Only for the first period (default: the date of the first journal entry); later periods start the day after the last one ended.',
  }),
  ends_on: isoDate.meta({ description: 'The last day of the period; yesterday at the latest.' }),
});
export type BonusPeriodRequest = z.infer<typeof bonusPeriodRequest>;

export const bonusPreviewQuery = bonusPeriodRequest;

export const bonusMemberShare = z.object({
  member: z.object({ id: z.number().int(), unique_id: z.string(), name: z.string() }),
  average_balance: averageBalance,
  share_percent: sharePercent,
  amount: aedOutput,
});
export type BonusMemberShare = z.infer<typeof bonusMemberShare>;

export const bonusPreview = z
  .object({
    starts_on: z.string(),
    ends_on: z.string(),
    days: z.number().int(),
    interest: aedOutput.meta({ description: 'Interest income of the period, to be shared.' }),
    total_average_balance: averageBalance,
    members: z.array(bonusMemberShare).meta({ description: 'Largest share first.' }),
    can_close: z.boolean(),
    blocker: z
      .string()
      .nullable()
      .meta({ description: 'Why the period cannot be closed as it stands, if it cannot.' }),
  })
  .meta({ id: 'BonusPreview' });
export type BonusPreview = z.infer<typeof bonusPreview>;

export const bonusPeriod = z
  .object({
    id: z.number().int(),
    starts_on: z.string(),
    ends_on: z.string(),
    days: z.number().int(),
    interest: aedOutput,
    members: z.number().int().meta({ description: 'Members who held savings in the period.' }),
    total_average_balance: averageBalance,
    entry_id: z.number().int().nullable(),
    closed_at: z.string(),
    closed_by: z
      .object({ id: z.number().int(), unique_id: z.string(), name: z.string() })
      .nullable(),
  })
  .meta({ id: 'BonusPeriod' });
export type BonusPeriod = z.infer<typeof bonusPeriod>;

export const bonusPeriods = z.object({
  items: z.array(bonusPeriod).meta({ description: 'Closed periods, newest first.' }),
  next: z.object({
    starts_on: z
      .string()
      .nullable()
      .meta({ description: 'Where the next period starts; null when nothing is recorded yet.' }),
    is_start_fixed: z
      .boolean()
      .meta({ description: 'False for the first period, whose start the admin may choose.' }),
    latest_ends_on: z.string().meta({ description: 'Yesterday in Dubai.' }),
  }),
});
export type BonusPeriods = z.infer<typeof bonusPeriods>;

export const bonusCloseResponse = z.object({ message: z.string(), period: bonusPeriod });
export type BonusCloseResponse = z.infer<typeof bonusCloseResponse>;

// ---- Member ---------------------------------------------------------------------------

export const myBonusClosed = z.object({
  period: z.object({
    id: z.number().int(),
    starts_on: z.string(),
    ends_on: z.string(),
    days: z.number().int(),
  }),
  interest_total: aedOutput,
  your_average_balance: averageBalance,
  total_average_balance: averageBalance,
  your_share_percent: sharePercent,
  amount: aedOutput.meta({ description: 'Credited to your savings when the period closed.' }),
});
export type MyBonusClosed = z.infer<typeof myBonusClosed>;

export const myBonus = z
  .object({
    closed: z.array(myBonusClosed).meta({ description: 'Newest first.' }),
    estimate: z.object({
      from: z.string(),
      to: z.string().meta({ description: 'Today in Dubai.' }),
      days: z.number().int(),
      interest_so_far: aedOutput,
      your_average_balance: averageBalance,
      total_average_balance: averageBalance,
      your_share_percent: sharePercent,
      amount: aedOutput,
      is_estimate: z.literal(true),
    }),
  })
  .meta({ id: 'MyBonus' });
export type MyBonus = z.infer<typeof myBonus>;
