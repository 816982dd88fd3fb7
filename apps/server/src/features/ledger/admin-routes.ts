import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEvent, auditQuery } from '@jamiya/contracts/books';
import { listOf } from '@jamiya/contracts/common';
import { page, parseCursor } from '../../lib/pagination.ts';
import { refused, secured } from '../../lib/route-kit.ts';
import { auditEvents } from '../audit/public.ts';
import { memberRefsById } from '../users/public.ts';
import { journalRoutes } from './journal-routes.ts';
import type { MovementDetails } from './journal.ts';
import { reportRoutes } from './report-routes.ts';

/**
 * The books (trial balance, income statement, journal) and the audit log. `details` says what
 * a movement paid or shared (journal.ts MovementDetails), from the features above the ledger.
 */
export const ledgerAdminRoutes =
  (details: MovementDetails): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = app.deps;
    await app.register(reportRoutes);
    await app.register(journalRoutes(details));

    app.get(
      '/audit',
      {
        schema: {
          tags: ['ledger'],
          operationId: 'ledger.listAuditEvents',
          summary: 'Who did what, when and why; newest first; by action prefix',
          description:
            'For an active admin: each event with who, on what, the reason and details; `action` keeps the actions that start with it (such as `loan.`).',
          ...secured,
          querystring: auditQuery,
          response: { 200: listOf(auditEvent), ...refused },
        },
      },
      async (request) => {
        const { action, limit } = request.query;
        const cursor = parseCursor(request.query.cursor);
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
      },
    );
  };
