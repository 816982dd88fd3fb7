import { badRequest } from './errors.ts';

/** Cursors are the id of the last item seen; pages go from newest to oldest. */
export function parseCursor(cursor: string | undefined): number | null {
  if (cursor === undefined || cursor === '') return null;
  // Ids are PostgreSQL integers: anything beyond their range cannot be a cursor we gave out.
  if (!/^\d{1,10}$/.test(cursor) || Number(cursor) > 2_147_483_647) {
    throw badRequest(/*i18n*/ 'The cursor is not valid; start again from the first page.');
  }
  return Number(cursor);
}

export function page<T extends { id: number }>(
  rows: T[],
  limit: number,
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? String(items.at(-1)!.id) : null };
}
