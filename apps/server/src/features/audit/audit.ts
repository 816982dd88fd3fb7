import { and, desc, like, lt } from 'drizzle-orm';
import { auditLog } from '../../db/schema/audit.ts';
import type { AuditAction, AuditTarget } from '@jamiya/contracts/audit';
import type { DbOrTx } from '../../db/client.ts';

export interface AuditEvent {
  actorId: number | null;
  action: AuditAction;
  targetType: AuditTarget;
  targetId: string | number;
  reason?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
  at?: Date;
}

/** Who did what, when and why: written in the same transaction as the change. */
export async function audit(db: DbOrTx, event: AuditEvent): Promise<void> {
  await db.insert(auditLog).values({
    actorId: event.actorId,
    action: event.action,
    targetType: event.targetType,
    targetId: String(event.targetId),
    reason: event.reason ?? null,
    details: event.details ?? null,
    ip: event.ip ?? null,
    ...(event.at ? { at: event.at } : {}),
  });
}

/**
 * A page of the trail, newest first: the events before `before` (an id; all when null) whose
 * action starts with `action`, one more than `limit` when there are more.
 */
export function auditEvents(
  db: DbOrTx,
  { action, before, limit }: { action?: string; before: number | null; limit: number },
) {
  return db
    .select()
    .from(auditLog)
    .where(
      and(
        action
          ? like(auditLog.action, `${action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
          : undefined,
        before === null ? undefined : lt(auditLog.id, before),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
}
