import { z } from 'zod';
import { aedOutput, booleanInput } from './common.ts';

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
  // The interest is always shared; the committee decides the rest (docs/domain/bonus.md).
  share_fines: booleanInput
    .optional()
    .meta({ description: 'Share the late fines received in the period too (not by default).' }),
  share_other_income: booleanInput.optional().meta({
    description: "Share the association's other income of the period too (not by default).",
  }),
  less_expenses: booleanInput.optional().meta({
    description: "Take the period's expenses off what is shared (not by default).",
  }),
});
export type BonusPeriodRequest = z.infer<typeof bonusPeriodRequest>;

export const bonusPreviewQuery = bonusPeriodRequest;

/** What a share-out shares: the interest always, the rest as the committee chose. */
export const sharedParts = z
  .object({
    interest: aedOutput.meta({
      description: 'Interest (or service charge) received, less what leavers took at exit.',
    }),
    fines: aedOutput.nullable().meta({ description: 'Late fines received; null: not shared.' }),
    other_income: aedOutput
      .nullable()
      .meta({ description: 'Other income (bank interest, gifts); null: not shared.' }),
    expenses: aedOutput
      .nullable()
      .meta({ description: 'Expenses taken off, loans written off among them; null: not.' }),
    shared: aedOutput.meta({ description: 'The interest, plus and less the parts chosen.' }),
  })
  .meta({ id: 'SharedParts' });
export type SharedParts = z.infer<typeof sharedParts>;

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
    interest: aedOutput.meta({ description: 'Interest income of the period.' }),
    parts: sharedParts,
    could_share: z
      .object({ fines: aedOutput, other_income: aedOutput, expenses: aedOutput })
      .meta({ description: 'What each part comes to in the period, chosen or not.' }),
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
    parts: sharedParts,
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
  interest_total: aedOutput.meta({ description: 'What was shared: the interest, or the surplus.' }),
  parts: sharedParts,
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
      parts: sharedParts.meta({ description: "The committee's last choice, applied so far." }),
      your_average_balance: averageBalance,
      total_average_balance: averageBalance,
      your_share_percent: sharePercent,
      amount: aedOutput,
      is_estimate: z.literal(true),
    }),
  })
  .meta({ id: 'MyBonus' });
export type MyBonus = z.infer<typeof myBonus>;

// ---- How a member's share was computed ------------------------------------------------

export const shareExplainedQuery = z.object({
  period: z
    .union([z.literal('open'), z.coerce.number().int().positive().max(2_147_483_647)], {
      error: /*i18n*/ 'Choose a share-out period, or the open one.',
    })
    .default('open')
    .meta({
      description:
        "A closed period's id, or `open`: the share-out proposed, else the estimate so far.",
    }),
  format: z.enum(['json', 'pdf'], { error: /*i18n*/ 'Choose json or pdf.' }).default('json'),
});

export const shareExplained = z
  .object({
    status: z.enum(['closed', 'proposed', 'estimate']).meta({
      description:
        'Closed: credited. Proposed: one admin proposed it, a second must confirm. Estimate: so far.',
    }),
    period: z.object({
      id: z.number().int().nullable(),
      starts_on: z.string(),
      ends_on: z.string(),
      days: z.number().int(),
    }),
    parts: sharedParts,
    months: z
      .array(
        z.object({
          month: z.string().meta({ description: 'YYYY-MM.' }),
          days: z.number().int().meta({ description: "The month's days inside the period." }),
          average_balance: averageBalance,
          end_balance: aedOutput.meta({ description: "Savings at the month's last day counted." }),
        }),
      )
      .meta({ description: 'Your savings month by month over the period, oldest first.' }),
    your_average_balance: averageBalance,
    total_average_balance: averageBalance,
    your_share_percent: sharePercent.meta({
      description: 'Your weight: your balance-days of all.',
    }),
    members: z.number().int().meta({ description: 'Members who share.' }),
    amount: aedOutput,
  })
  .meta({ id: 'ShareExplained' });
export type ShareExplained = z.infer<typeof shareExplained>;
