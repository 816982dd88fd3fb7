import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, desc, eq, like, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { filsToAed } from '@jamiya/money/fils';
import { filsToDecimalString } from '@jamiya/money/format';
import {
  adminOverview,
  adminSettings,
  auditEvent,
  auditQuery,
  journalEntriesQuery,
  journalEntry,
  settingsUpdateRequest,
  settingsUpdateResponse,
  trialBalance as trialBalanceView,
} from '@jamiya/contracts/admin';
import { errorBody, listOf } from '@jamiya/contracts/common';
import { auditLog } from '../../db/schema/ledger.ts';
import { loanInstallments, loans } from '../../db/schema/loans.ts';
import { payments } from '../../db/schema/payments.ts';
import { settings } from '../../db/schema/settings.ts';
import { membershipApplications, users } from '../../db/schema/users.ts';
import { addMonthsToPeriod, localDate, periodOf } from '../../lib/calendar.ts';
import { toCsv } from '../../lib/csv.ts';
import { page, parseCursor } from '../../lib/pagination.ts';
import { audit } from '../audit/audit.ts';
import { trialBalance } from '../ledger/ledger.ts';
import { bookFigures, journalPage, type JournalRow } from '../ledger/statement.ts';
import { getSettings, toPublicSettings, type Settings } from '../settings/settings.ts';
import { actorOf, refused, secured } from '../../lib/route-kit.ts';
import { memberRefsById, type MemberRef } from '../members/member-refs.ts';
import { activeAdminCount, openProposals, toProposalViews } from '../proposals/proposals.ts';

async function countOf(query: Promise<Array<{ n: number }>>): Promise<number> {
  const [row] = await query;
  return Number(row?.n ?? 0);
}

function toAdminSettings(s: Settings) {
  return { ...toPublicSettings(s), updated_at: s.updatedAt.toISOString() };
}

function toJournalEntry(row: JournalRow, people: Map<number, MemberRef>) {
  const e = row.entry;
  return {
    id: e.id,
    kind: e.kind,
    memo: e.memo,
    occurred_at: e.occurredAt.toISOString(),
    created_at: e.createdAt.toISOString(),
    created_by: e.createdBy === null ? null : (people.get(e.createdBy) ?? null),
    reverses_entry_id: e.reversesEntryId,
    payment_id: e.paymentId,
    loan_id: e.loanId,
    postings: row.postings.map((p) => ({
      account_code: p.accountCode,
      account_name: p.accountName,
      debit: filsToAed(Math.max(p.amountFils, 0)),
      credit: filsToAed(Math.max(0 - p.amountFils, 0)),
    })),
  };
}

/** Overview, settings, the books (trial balance, journal) and the audit log. */
export const bookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/overview',
    {
      schema: {
        tags: ['admin'],
        summary: 'Headline figures, what awaits a decision, and 12 months of history',
        ...secured,
        response: { 200: adminOverview, ...refused },
      },
    },
    async () => {
      const today = localDate(new Date());
      const thisMonth = periodOf(today);
      const months = Array.from({ length: 12 }, (_, i) => addMonthsToPeriod(thisMonth, i - 11));
      const figures = await bookFigures(db, months);
      const unpaid = sql`${loanInstallments.amountFils} - ${loanInstallments.paidPrincipalFils} - ${loanInstallments.paidInterestFils}`;
      const [overdue] = await db
        .select({ n: count(), total: sql<string>`coalesce(sum(${unpaid}), 0)` })
        .from(loanInstallments)
        .innerJoin(loans, eq(loans.id, loanInstallments.loanId))
        .where(
          and(eq(loans.state, 'active'), lt(loanInstallments.dueOn, today), sql`${unpaid} > 0`),
        );
      const loansIn = (state: 'pending' | 'approved') =>
        countOf(db.select({ n: count() }).from(loans).where(eq(loans.state, state)));
      const memberRows = await db
        .select({ status: users.status, n: count() })
        .from(users)
        .where(eq(users.isMember, true))
        .groupBy(users.status);
      return {
        savings_held: filsToAed(figures.savingsFils),
        loans_outstanding: filsToAed(figures.loansFils),
        cash_in_hand: filsToAed(figures.cashFils),
        interest_earned: filsToAed(figures.interestEarnedFils),
        overdue_installments: {
          count: Number(overdue?.n ?? 0),
          amount: filsToAed(Number(overdue?.total ?? 0)),
        },
        receipts_pending: await countOf(
          db.select({ n: count() }).from(payments).where(eq(payments.status, 'pending')),
        ),
        loan_applications_pending: await loansIn('pending'),
        loans_to_disburse: await loansIn('approved'),
        membership_applications_pending: await countOf(
          db
            .select({ n: count() })
            .from(membershipApplications)
            .where(eq(membershipApplications.status, 'pending')),
        ),
        members: {
          active: Number(memberRows.find((r) => r.status === 1)?.n ?? 0),
          inactive: Number(memberRows.find((r) => r.status === 0)?.n ?? 0),
        },
        active_admins: await activeAdminCount(db),
        proposals: await toProposalViews(db, await openProposals(db)),
        history: figures.history.map((h) => ({
          month: h.month,
          savings: filsToAed(h.savingsFils),
          loans_outstanding: filsToAed(h.loansFils),
        })),
      };
    },
  );

  app.get(
    '/settings',
    {
      schema: {
        tags: ['admin'],
        summary: "The association's settings",
        ...secured,
        response: { 200: adminSettings, ...refused },
      },
    },
    async () => toAdminSettings(await getSettings(db)),
  );

  app.put(
    '/settings',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Change the settings: name, monthly due (applies to unpaid months), loan policy (applies to new applications), mobile recharge amounts',
        ...secured,
        body: settingsUpdateRequest,
        response: { 200: settingsUpdateResponse, ...refused, 422: errorBody },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const now = new Date();
      const body = request.body;
      const updated = await db.transaction(async (tx) => {
        const before = await getSettings(tx);
        const [row] = await tx
          .update(settings)
          .set({
            associationName: body.association_name,
            monthlyDueFils: body.monthly_due,
            loanMinFils: body.loan_policy.minimum,
            loanMaxFils: body.loan_policy.maximum,
            loanStepFils: body.loan_policy.step,
            loanDefaultFils: body.loan_policy.default,
            loanTerms: [...body.loan_policy.terms].sort((a, b) => a - b),
            allowCustomTerm: body.loan_policy.allow_custom_term,
            loanMaxCustomTerm: body.loan_policy.max_custom_term,
            termsText: body.terms_text,
            ...(body.payment_instructions === undefined
              ? {}
              : { paymentInstructions: body.payment_instructions }),
            ...(body.recharge
              ? { rechargeMinFils: body.recharge.minimum, rechargeMaxFils: body.recharge.maximum }
              : {}),
            updatedAt: now,
          })
          .where(eq(settings.id, 1))
          .returning();
        await audit(tx, {
          actorId: actor.id,
          action: 'settings.update',
          targetType: 'settings',
          targetId: 1,
          details: { before: toPublicSettings(before), after: toPublicSettings(row!) },
          ip: actor.ip,
          at: now,
        });
        return row!;
      });
      return { message: 'The settings were saved.', settings: toAdminSettings(updated) };
    },
  );

  app.get(
    '/ledger/trial-balance',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every account with its debits, credits and balance; the totals must agree',
        ...secured,
        response: { 200: trialBalanceView, ...refused },
      },
    },
    async () => {
      const tb = await trialBalance(db);
      return {
        total_debits: filsToAed(tb.totalDebitsFils),
        total_credits: filsToAed(tb.totalCreditsFils),
        balanced: tb.balanced,
        accounts: tb.accounts.map((a) => ({
          code: a.code,
          name: a.name,
          type: a.type as 'asset' | 'liability' | 'income' | 'expense',
          debits: filsToAed(a.debitsFils),
          credits: filsToAed(a.creditsFils),
          balance: filsToAed(a.balanceFils),
        })),
      };
    },
  );

  app.get(
    '/ledger/entries',
    {
      schema: {
        tags: ['admin'],
        summary: 'The journal, newest first, with postings; by kind or member',
        ...secured,
        querystring: journalEntriesQuery,
        response: { 200: listOf(journalEntry), ...refused },
      },
    },
    async (request) => {
      const { kind, member_id: memberId, limit } = request.query;
      const rows = await journalPage(db, {
        kind,
        memberId,
        before: parseCursor(request.query.cursor),
        limit: limit + 1,
      });
      const items = rows.slice(0, limit);
      const people = await memberRefsById(
        db,
        items.map((r) => r.entry.createdBy),
      );
      return {
        items: items.map((r) => toJournalEntry(r, people)),
        next_cursor: rows.length > limit ? String(items.at(-1)!.entry.id) : null,
      };
    },
  );

  app.get(
    '/ledger/entries.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'The whole journal as CSV: one row per posting, oldest first',
        ...secured,
        querystring: journalEntriesQuery.pick({ kind: true, member_id: true }),
        produces: ['text/csv'],
        response: { 200: z.string(), ...refused },
      },
    },
    async (request, reply) => {
      const rows: JournalRow[] = [];
      // Page through the journal so memory stays bounded by one page at a time of queries.
      for (let before: number | null = null; ;) {
        const batch = await journalPage(db, {
          kind: request.query.kind,
          memberId: request.query.member_id,
          before,
          limit: 1000,
        });
        rows.push(...batch);
        if (batch.length < 1000) break;
        before = batch.at(-1)!.entry.id;
      }
      rows.reverse();
      const csv = toCsv(
        [
          'entry',
          'occurred_at',
          'kind',
          'description',
          'account',
          'account_name',
          'debit_aed',
          'credit_aed',
        ],
        rows.flatMap((r) =>
          r.postings.map((p) => [
            r.entry.id,
            r.entry.occurredAt.toISOString(),
            r.entry.kind,
            r.entry.memo,
            p.accountCode,
            p.accountName,
            filsToDecimalString(Math.max(p.amountFils, 0)),
            filsToDecimalString(Math.max(0 - p.amountFils, 0)),
          ]),
        ),
      );
      reply
        .type('text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="journal-${localDate(new Date())}.csv"`,
        );
      return csv;
    },
  );

  app.get(
    '/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'Who did what, when and why; newest first; by action prefix',
        ...secured,
        querystring: auditQuery,
        response: { 200: listOf(auditEvent), ...refused },
      },
    },
    async (request) => {
      const { action, limit } = request.query;
      const cursor = parseCursor(request.query.cursor);
      const rows = await db
        .select()
        .from(auditLog)
        .where(
          and(
            action
              ? like(auditLog.action, `${action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
              : undefined,
            cursor === null ? undefined : lt(auditLog.id, cursor),
          ),
        )
        .orderBy(desc(auditLog.id))
        .limit(limit + 1);
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
