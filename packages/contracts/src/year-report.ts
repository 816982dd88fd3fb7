import { z } from 'zod';
import { sharedParts } from './bonus.ts';
import { aedOutput } from './common.ts';

// The annual report of a year for the AGM (issue 53 point 3, docs/domain/year.md): the
// committee's long version (JSON, PDF, HTML) and the members' short one.

export const yearReportQuery = z.object({
  format: z
    .enum(['pdf', 'html', 'json'], { error: /*i18n*/ 'Choose pdf, html or json.' })
    .default('pdf'),
});

const line = z.object({ code: z.string(), name: z.string(), amount: aedOutput });

export const yearFigures = z
  .object({
    year: z.number().int(),
    from: z.string().meta({ description: 'The year’s first day, YYYY-MM-DD.' }),
    to: z.string().meta({ description: 'The year’s last day.' }),
    income: z.array(line).meta({ description: 'Each income account: credits less debits.' }),
    expenses: z.array(line).meta({ description: 'Each expense account: debits less credits.' }),
    total_income: aedOutput,
    total_expenses: aedOutput,
    surplus: aedOutput.meta({ description: 'Income less expenses; below 0, a deficit.' }),
    shared_out: aedOutput.meta({ description: 'What share-outs entered in the year gave.' }),
    income_by_source: z.object({
      interest: aedOutput.meta({ description: 'The interest or service charge.' }),
      fines: aedOutput,
      other: aedOutput,
    }),
    balance_sheet: z.object({
      assets: z.array(line),
      liabilities: z.array(line),
      equity: z.array(line).meta({
        description: 'With `surplus_not_closed` while the year is not closed.',
      }),
      total_assets: aedOutput,
      total_liabilities: aedOutput,
      total_equity: aedOutput,
    }),
    savings: z.object({ start: aedOutput, end: aedOutput }),
    members: z.object({
      start: z.number().int(),
      joined: z.number().int(),
      left: z.number().int(),
      end: z.number().int(),
    }),
    loans: z.object({
      paid_out: aedOutput,
      repaid: aedOutput,
      written_off: aedOutput,
      recovered: aedOutput.meta({ description: 'Taken from guarantors for loans written off.' }),
      outstanding_end: aedOutput,
    }),
    par30: z
      .array(z.object({ month: z.string(), percent: z.number() }))
      .meta({ description: 'The loans at risk over 30 days, at each month’s end, in per cent.' }),
    share_outs: z
      .array(
        z.object({
          starts_on: z.string(),
          ends_on: z.string(),
          parts: sharedParts,
          members: z.number().int(),
        }),
      )
      .meta({ description: 'The share-outs decided for periods ending in the year.' }),
  })
  .meta({ id: 'YearFigures' });
export type YearFigures = z.infer<typeof yearFigures>;

export const annualReport = z
  .object({
    association: z.string(),
    year: z.number().int(),
    is_draft: z.boolean().meta({ description: 'The year is not closed: every page says so.' }),
    current: yearFigures,
    previous: yearFigures
      .nullable()
      .meta({ description: 'The year before, beside it; null for the books’ first year.' }),
  })
  .meta({ id: 'AnnualReport' });
export type AnnualReport = z.infer<typeof annualReport>;

// ---- The members' short version --------------------------------------------------------

export const memberAnnualReportQuery = z.object({
  year: z.coerce
    .number(/*i18n*/ 'Name a year as four digits, for example 2026.')
    .int(/*i18n*/ 'Name a year as four digits, for example 2026.')
    .min(2000, /*i18n*/ 'Name a year as four digits, for example 2026.')
    .max(2100, /*i18n*/ 'Name a year as four digits, for example 2026.')
    .optional()
    .meta({ description: 'A closed year; the last closed one when missing.' }),
});

export const memberAnnualReport = z
  .object({
    years: z
      .array(z.number().int())
      .meta({ description: 'The closed years, newest first: the ones members read.' }),
    report: z
      .object({
        association: z.string(),
        year: z.number().int(),
        from: z.string(),
        to: z.string(),
        total_income: aedOutput,
        total_expenses: aedOutput,
        surplus: aedOutput,
        income_by_source: yearFigures.shape.income_by_source,
        shared_out: aedOutput,
        savings: yearFigures.shape.savings,
        members: yearFigures.shape.members,
        loans: yearFigures.shape.loans,
        par30_end: z.number().meta({ description: 'At the year’s end, in per cent.' }),
        previous_surplus: aedOutput.nullable(),
      })
      .nullable()
      .meta({ description: 'Null while no year is closed.' }),
  })
  .meta({ id: 'MemberAnnualReport' });
export type MemberAnnualReport = z.infer<typeof memberAnnualReport>;
