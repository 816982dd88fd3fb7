import { auditLog } from '../../db/schema/audit.ts';
import type { DbOrTx } from '../../db/client.ts';

export interface AuditEvent {
  actorId: number | null;
  action: string;
  targetType: string;
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
