import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEvent, auditQuery } from '@jamiya/contracts/books';
import { listOf } from '@jamiya/contracts/common';
import { refused, secured } from '../../lib/route-kit.ts';
import { auditLogPage } from './audit-page.ts';
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
      async (request) => auditLogPage(db, request.query),
    );
  };
