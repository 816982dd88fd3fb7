import { desc, lt } from 'drizzle-orm';
import { filsToAed } from '@jamiya/money/fils';
import { IMPORT_ERRORS_LISTED } from '@jamiya/contracts/values';
import type {
  ImportDryRun,
  ImportError,
  ImportFigures,
  ImportRecord,
  OpeningLine,
} from '@jamiya/contracts/imports';
import type { Language } from '@jamiya/contracts/languages';
import type { DbOrTx } from '../../db/client.ts';
import { imports, type ImportFiguresFils } from '../../db/schema/imports.ts';
import { translate } from '../../lib/i18n.ts';
import { page } from '../../lib/pagination.ts';
import { openProposals } from '../proposals/public.ts';
import { memberRefsById } from '../users/public.ts';
import { importColumns, type ImportRow } from './apply.ts';
import type { ImportPlan } from './check.ts';
import type { RowProblem } from './row-rules.ts';

// Imports and dry runs as the API answers them, in AED and the reader's language.

function figuresView(asOf: string, openingCashFils: number, f: ImportFiguresFils): ImportFigures {
  return {
    as_of: asOf,
    opening_cash: filsToAed(openingCashFils),
    members: f.members,
    savings_total: filsToAed(f.savingsFils),
    months_paid: f.monthsPaid,
    loans: f.loans,
    loans_outstanding: filsToAed(f.loansOutstandingFils),
    loans_owed: filsToAed(f.loansOwedFils),
    opening_equity: filsToAed(f.openingEquityFils),
  };
}

/** The opening entry in brief: cash and loans debited, savings and opening equity credited. */
function openingEntry(openingCashFils: number, f: ImportFiguresFils): OpeningLine[] {
  const line = (account: OpeningLine['account'], debitFils: number) => ({
    account,
    debit: filsToAed(Math.max(debitFils, 0)),
    credit: filsToAed(Math.max(-debitFils, 0)),
  });
  return [
    line('cash', openingCashFils),
    line('loans', f.loansOutstandingFils),
    line('savings', -f.savingsFils),
    line('opening_equity', -f.openingEquityFils),
  ];
}

export function problemsView(problems: readonly RowProblem[], language: Language): ImportError[] {
  return problems.slice(0, IMPORT_ERRORS_LISTED).map((p) => ({
    row: p.row,
    column: p.column,
    message: translate(language, p.say),
  }));
}

export function dryRunView(plan: ImportPlan, language: Language): ImportDryRun {
  return {
    dry_run: true,
    file: { name: plan.file.name, format: plan.file.format, sha256: plan.file.sha256 },
    rows: plan.figures.rows,
    ...figuresView(plan.asOf, plan.openingCashFils, plan.figures),
    opening_entry: openingEntry(plan.openingCashFils, plan.figures),
    errors: problemsView(plan.problems, language),
    errors_total: plan.problems.length,
    error_rows: new Set(plan.problems.map((p) => p.row)).size,
    lines: plan.lines,
  };
}

/** Imports as the list shows them: who sent each, who confirmed it, where it stands. */
export async function importViews(db: DbOrTx, rows: ImportRow[]): Promise<ImportRecord[]> {
  if (rows.length === 0) return [];
  const people = await memberRefsById(db, [
    ...rows.map((r) => r.proposedBy),
    ...rows.map((r) => r.confirmedBy),
  ]);
  const open = new Set((await openProposals(db)).map((p) => p.id));
  return rows.map((r) => ({
    id: r.id,
    state: r.appliedAt
      ? 'applied'
      : r.proposalId !== null && open.has(r.proposalId)
        ? 'proposed'
        : 'withdrawn',
    file: { name: r.fileName, format: r.format, sha256: r.fileSha256 },
    rows: r.figures.rows,
    ...figuresView(r.asOf, r.openingCashFils, r.figures),
    proposed_by: people.get(r.proposedBy)!,
    proposed_at: r.proposedAt.toISOString(),
    confirmed_by: r.confirmedBy === null ? null : (people.get(r.confirmedBy) ?? null),
    applied_at: r.appliedAt?.toISOString() ?? null,
    proposal_id: r.proposalId,
    entry_id: r.entryId,
  }));
}

/** A page of the imports made, newest first, as the list shows them. */
export async function importsPage(
  db: DbOrTx,
  query: { cursor: number | null; limit: number },
): Promise<{ items: ImportRecord[]; next_cursor: string | null }> {
  const { cursor, limit } = query;
  const rows = await db
    .select(importColumns)
    .from(imports)
    .where(cursor === null ? undefined : lt(imports.id, cursor))
    .orderBy(desc(imports.id))
    .limit(limit + 1);
  const { items, nextCursor } = page(rows, limit);
  return { items: await importViews(db, items), next_cursor: nextCursor };
}
