// What the own books' steps and checks ask of the app themselves: a line imported, the journal
// read.
import { expect } from 'vitest';
import type { Fils } from '@jamiya/money/fils';
import { bearer } from '../../harness.ts';
import { importStatement, lineIdsOf } from '../../support/own-books.ts';
import type { Model, Real } from '../model.ts';
import {
  activeAdmin,
  lastMonthEnd,
  today,
  type Kit,
  type LineModel,
  type Postings,
} from './model.ts';

/**
 * A statement of one line, imported by an active admin: the line, open. One of last month is
 * dated on its last day, and its statement opens with the balance the ones before closed on.
 */
export async function importLine(
  model: Model,
  real: Real,
  amountFils: Fils,
  lastMonth = false,
): Promise<LineModel> {
  const ref = `REF-${model.books.lines.length + 1}`;
  const text = amountFils > 0 ? 'INWARD TRANSFER' : 'OUTWARD PAYMENT';
  const { response, statementId } = await importStatement(
    real.t.app,
    real.adminTokens[activeAdmin(model)]!,
    [{ day: lastMonth ? lastMonthEnd() : today(), amountFils, ref, text }],
    lastMonth ? { openingFils: model.books.lastMonthBankFils } : {},
  );
  expect(response.statusCode, response.body).toBe(201);
  if (lastMonth) model.books.lastMonthBankFils += amountFils;
  const line: LineModel = {
    id: (await lineIdsOf(real.t.db, statementId)).get(ref)!,
    amountFils,
    link: null,
    paymentId: null,
    entryId: null,
    proposal: null,
    lastMonth,
  };
  model.books.lines.push(line);
  return line;
}

export interface JournalView {
  id: number;
  kind: string;
  proposed_by: { id: number } | null;
  created_by: { id: number } | null;
  reverses_entry_id: number | null;
  reversed_by_entry_id: number | null;
  reversible: boolean;
  payment_id: number | null;
  bank_line_id: number | null;
  postings: Array<{ account_code: string; debit: number; credit: number }>;
}
/** An entry's postings as the journal lists them, by account, in fils. */
export function postingsOf(kit: Kit, e: JournalView): Postings {
  const sums: Postings = {};
  for (const p of e.postings)
    sums[p.account_code] = (sums[p.account_code] ?? 0) + kit.fils(p.debit) - kit.fils(p.credit);
  return sums;
}
/** The journal's entries (GET /api/admin/ledger/entries), every page, as an active admin reads it. */
export async function journal(
  model: Readonly<Model>,
  real: Real,
  query: string,
): Promise<JournalView[]> {
  const items: JournalView[] = [];
  let cursor: string | null = null;
  do {
    const res = await real.t.app.inject({
      url: `/api/admin/ledger/entries?limit=100${query && `&${query}`}${cursor ? `&cursor=${cursor}` : ''}`,
      headers: bearer(real.adminTokens[activeAdmin(model)]!),
    });
    expect(res.statusCode, res.body).toBe(200);
    items.push(...(res.json().items as JournalView[]));
    cursor = res.json().next_cursor as string | null;
  } while (cursor);
  return items;
}
