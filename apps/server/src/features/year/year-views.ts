import { filsToAed } from '@jamiya/money/fils';
import type { BookYear, BookYears } from '@jamiya/contracts/year';
import type { Language } from '@jamiya/contracts/languages';
import type { Db, DbOrTx } from '../../db/client.ts';
import { translate } from '../../lib/i18n.ts';
import { monthOfMoment } from '../ledger/public.ts';
import { getSettings } from '../settings/public.ts';
import { memberRefsById, type MemberRef } from '../users/public.ts';
import { checklistOf, type CheckItem } from './checklist.ts';
import { closeYearOrPropose, reopenYearOrPropose, reviewArrears } from './close.ts';
import type { ProposalRow } from '../proposals/public.ts';
import { yearSpans, type BookYearSpan } from './years.ts';

// The years as the calls answer them (docs/domain/year.md).

function yearView(
  span: BookYearSpan,
  thisMonth: string,
  people: Map<number, MemberRef>,
  checklist: CheckItem[] | null,
  language: Language,
): BookYear {
  const row = span.row;
  const person = (id: number | null | undefined) => (id ? (people.get(id) ?? null) : null);
  const closed = row?.closedAt ?? null;
  return {
    year: span.year,
    first_month: span.firstMonth,
    last_month: span.lastMonth,
    state: closed ? 'closed' : span.lastMonth >= thisMonth ? 'current' : 'open',
    closed_at: closed ? closed.toISOString() : null,
    closed_by: closed ? person(row?.closedBy) : null,
    proposed_by: closed ? person(row?.closeProposedBy) : null,
    closing_entry_id: closed ? (row?.closingEntryId ?? null) : null,
    surplus: closed && row?.surplusFils != null ? filsToAed(row.surplusFils) : null,
    arrears_reviewed_at: row?.arrearsReviewedAt?.toISOString() ?? null,
    arrears_reviewed_by: person(row?.arrearsReviewedBy),
    checklist:
      checklist?.map((item) => ({
        check: item.check,
        done: item.done,
        says: translate(language, item.says),
        fix_at: item.fixAt,
      })) ?? null,
    closable: checklist !== null && checklist.every((item) => item.done),
  };
}

async function viewsOf(db: DbOrTx, now: Date, language: Language): Promise<BookYear[]> {
  const spans = await yearSpans(db, now);
  const thisMonth = monthOfMoment(now);
  const people = await memberRefsById(
    db,
    spans.flatMap((s) => [
      s.row?.closedBy ?? null,
      s.row?.closeProposedBy ?? null,
      s.row?.arrearsReviewedBy ?? null,
    ]),
  );
  const next = spans.find((s) => !s.row?.closedAt);
  const checklist = next && next.lastMonth < thisMonth ? await checklistOf(db, next) : null;
  return spans
    .map((s) => yearView(s, thisMonth, people, s === next ? checklist : null, language))
    .reverse();
}

/** The books' years, newest first: which are closed, and what the next to close waits for. */
export async function bookYearsOf(db: DbOrTx, now: Date, language: Language): Promise<BookYears> {
  const { yearStartsMonth } = await getSettings(db);
  return { items: await viewsOf(db, now, language), starts_in_month: yearStartsMonth };
}

/** One year as it now stands, after a change. */
async function yearNow(db: DbOrTx, year: number, now: Date, language: Language) {
  return (await viewsOf(db, now, language)).find((y) => y.year === year)!;
}

type Actor = { id: number; ip?: string | null };
type Answer = { proposed: ProposalRow } | { year: BookYear };

export async function arrearsReviewAnswer(
  db: Db,
  year: number,
  actor: Actor,
  now: Date,
  language: Language,
) {
  await reviewArrears(db, year, actor, now);
  return { year: await yearNow(db, year, now, language) };
}

export async function closeAnswer(
  db: Db,
  year: number,
  actor: Actor,
  now: Date,
  language: Language,
): Promise<Answer> {
  const decision = await closeYearOrPropose(db, year, actor, now);
  if ('proposed' in decision) return decision;
  return { year: await yearNow(db, year, now, language) };
}

export async function reopenAnswer(
  db: Db,
  year: number,
  reason: string,
  actor: Actor,
  now: Date,
  language: Language,
): Promise<Answer> {
  const decision = await reopenYearOrPropose(db, year, reason, actor, now);
  if ('proposed' in decision) return decision;
  return { year: await yearNow(db, year, now, language) };
}
