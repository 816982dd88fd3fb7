import type { z } from 'zod';
import type { auditQuery } from '@jamiya/contracts/books';
import type { DbOrTx } from '../../db/client.ts';
import { page, parseCursor } from '../../lib/pagination.ts';
import { auditEvents } from '../audit/public.ts';
import { memberRefsById } from '../users/public.ts';

/** A page of the audit log, newest first, each event with who did it (admin-routes.ts). */
export async function auditLogPage(db: DbOrTx, query: z.output<typeof auditQuery>) {
  const { action, limit } = query;
  const cursor = parseCursor(query.cursor);
  const rows = await auditEvents(db, { action, before: cursor, limit });
  const { items, nextCursor } = page(rows, limit);
  const people = await memberRefsById(
    db,
    items.map((r) => r.actorId),
  );
  return {
    items: items.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actor: r.actorId === null ? null : (people.get(r.actorId) ?? null),
      action: r.action,
      target_type: r.targetType,
      target_id: r.targetId,
      reason: r.reason,
      details: (r.details as Record<string, unknown> | null) ?? null,
      ip: r.ip,
    })),
    next_cursor: nextCursor,
  };
}
