import { z } from 'zod';
import { aedOutput, listLimit, memberRef } from './common.ts';

// The arrears desk (GET /api/admin/arrears): the loans at risk, the dues behind, and who to call
// (docs/domain/arrears.md).

export const arrearsMember = z
  .object({
    member: memberRef,
    mobile: z.string().nullable(),
    call_url: z.string().nullable().meta({ description: 'tel: link to the mobile, or null.' }),
    whatsapp_url: z.string().nullable().meta({
      description:
        "https://wa.me/<number>?text=… with a message in the member's language, or null without a mobile.",
    }),
    months_behind: z.number().int().meta({
      description: 'Months before this one with dues unpaid (a receipt under review aside).',
    }),
    dues_owed: aedOutput.meta({ description: 'What those months owe, late fines included.' }),
    loan_overdue: aedOutput.meta({ description: 'What the installments fallen due still owe.' }),
    owed: aedOutput.meta({ description: 'dues_owed + loan_overdue.' }),
    oldest_due_on: z
      .string()
      .meta({ description: 'The day the oldest of these fell due: the list is oldest first.' }),
    last_reminder_at: z
      .string()
      .nullable()
      .meta({ description: 'When the member was last reminded of a due or an installment.' }),
    contact_changed_at: z.string().nullable().meta({
      description:
        'When the member changed their own name or mobile, within the last 30 days; else null.',
    }),
  })
  .meta({ id: 'ArrearsMember' });
export type ArrearsMember = z.infer<typeof arrearsMember>;

export const arrearsQuery = z.object({
  limit: listLimit(
    /*i18n*/ 'Ask for 1 to 10,000 members at a time.',
    'How many of the members behind to list, oldest first.',
  ),
});
export type ArrearsQuery = z.infer<typeof arrearsQuery>;

export const arrearsReport = z
  .object({
    as_of: z.string().meta({ description: 'Today in Dubai (YYYY-MM-DD).' }),
    loans: z.object({
      outstanding: aedOutput.meta({ description: 'Principal outstanding on active loans.' }),
      at_risk_30: aedOutput.meta({
        description: 'Of it, on loans with an installment more than 30 days late.',
      }),
      at_risk_90: aedOutput.meta({
        description: 'Of it, on loans with an installment more than 90 days late.',
      }),
      par30: z
        .number()
        .meta({ description: 'at_risk_30 / outstanding, in per cent (one decimal).' }),
      par90: z
        .number()
        .meta({ description: 'at_risk_90 / outstanding, in per cent (one decimal).' }),
    }),
    par30_trend: z.array(z.object({ month: z.string(), par30: z.number() })).meta({
      description:
        "PAR30 at each of the last 12 months' end, oldest first; this month as of today. Months that ended before the association's books began in Jamiya (its first entry, an import's opening) are left out.",
    }),
    dues: z.object({
      buckets: z
        .array(
          z.object({
            months: z.enum(['1', '2', '3+']),
            members: z.number().int(),
            amount: aedOutput,
          }),
        )
        .meta({ description: 'Members behind on dues by how many months, and what they owe.' }),
    }),
    members: z
      .array(arrearsMember)
      .meta({ description: 'Who is behind, oldest first: the first `limit` of them.' }),
    members_total: z.number().int().meta({ description: 'How many members are behind in all.' }),
  })
  .meta({ id: 'ArrearsReport' });
export type ArrearsReport = z.infer<typeof arrearsReport>;
