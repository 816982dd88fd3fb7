import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { filsToAed } from '@jamiya/money/fils';
import { filsToDecimalString } from '@jamiya/money/format';
import {
  auditEvent,
  auditQuery,
  journalEntriesQuery,
  journalEntry,
  trialBalance as trialBalanceView,
} from '@jamiya/contracts/books';
import { listOf } from '@jamiya/contracts/common';
import { localDate } from '../../lib/calendar.ts';
import { toCsv } from '../../lib/csv.ts';
import { page, parseCursor } from '../../lib/pagination.ts';
import { refused, secured } from '../../lib/route-kit.ts';
import { trialBalance } from './balances.ts';
import type { Language } from '@jamiya/contracts/languages';
import type { LoanCharge } from '@jamiya/contracts/settings';
import type { DbOrTx } from '../../db/client.ts';
import { requestLanguage } from '../../lib/language.ts';
import { accountNameIn, accountOwners } from './accounts.ts';
import { describeMovement, journalPage, type JournalRow, type MovementDetails } from './journal.ts';
import { memberRefsById, type MemberRef } from '../users/public.ts';
import { getSettings } from '../settings/public.ts';
import { auditEvents } from '../audit/public.ts';

/** What an entry is, in the reader's language, as the member's statement says it. */
const memoIn = (row: JournalRow, language: Language, charge: LoanCharge) =>
  describeMovement(
    { ...row, kind: row.entry.kind, loanId: row.entry.loanId, memo: row.entry.memo },
    language,
    charge,
  );

/** The people a page of the journal names: who recorded each entry, whose savings moved. */
const peopleOf = (db: DbOrTx, rows: JournalRow[]) =>
  memberRefsById(db, [
    ...rows.map((r) => r.entry.createdBy),
    ...accountOwners(rows.flatMap((r) => r.postings.map((p) => p.accountCode))),
  ]);

function toJournalEntry(
  row: JournalRow,
  people: Map<number, MemberRef>,
  language: Language,
  charge: LoanCharge,
) {
  const e = row.entry;
  return {
    id: e.id,
    kind: e.kind,
    memo: memoIn(row, language, charge),
    occurred_at: e.occurredAt.toISOString(),
    created_at: e.createdAt.toISOString(),
    created_by: e.createdBy === null ? null : (people.get(e.createdBy) ?? null),
    reverses_entry_id: e.reversesEntryId,
    payment_id: e.paymentId,
    loan_id: e.loanId,
    postings: row.postings.map((p) => ({
      account_code: p.accountCode,
      account_name: accountNameIn(p.accountCode, language, charge, people),
      debit: filsToAed(Math.max(p.amountFils, 0)),
      credit: filsToAed(Math.max(0 - p.amountFils, 0)),
    })),
  };
}

/**
 * The books (trial balance, journal) and the audit log. `details` says what a movement paid or
 * shared (journal.ts MovementDetails), from the features above the ledger.
 */
export const ledgerAdminRoutes =
  (details: MovementDetails): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = app.deps;

    app.get(
      '/ledger/trial-balance',
      {
        schema: {
          tags: ['ledger'],
          operationId: 'ledger.getTrialBalance',
          summary: 'Every account with its debits, credits and balance; the totals must agree',
          description:
            "For an active admin: account names in the reader's language; `balanced` says whether the totals agree.",
          ...secured,
          response: { 200: trialBalanceView, ...refused },
        },
      },
      async (request) => {
        const language = requestLanguage(request);
        const { loanCharge } = await getSettings(db);
        const tb = await trialBalance(db);
        const people = await memberRefsById(db, accountOwners(tb.accounts.map((a) => a.code)));
        return {
          total_debits: filsToAed(tb.totalDebitsFils),
          total_credits: filsToAed(tb.totalCreditsFils),
          balanced: tb.balanced,
          accounts: tb.accounts.map((a) => ({
            code: a.code,
            name: accountNameIn(a.code, language, loanCharge, people),
            type: a.type as 'asset' | 'liability' | 'equity' | 'income' | 'expense',
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
          tags: ['ledger'],
          operationId: 'ledger.listEntries',
          summary: 'The journal, newest first, with postings; by kind or member',
          description:
            "For an active admin: each entry with its postings, who recorded it and what it is in the reader's language; `kind` and `member_id` narrow it.",
          ...secured,
          querystring: journalEntriesQuery,
          response: { 200: listOf(journalEntry), ...refused },
        },
      },
      async (request) => {
        const { kind, member_id: memberId, limit } = request.query;
        const rows = await journalPage(
          db,
          {
            kind,
            memberId,
            before: parseCursor(request.query.cursor),
            limit: limit + 1,
          },
          details,
        );
        const items = rows.slice(0, limit);
        const people = await peopleOf(db, items);
        const language = requestLanguage(request);
        const { loanCharge } = await getSettings(db);
        return {
          items: items.map((r) => toJournalEntry(r, people, language, loanCharge)),
          next_cursor: rows.length > limit ? String(items.at(-1)!.entry.id) : null,
        };
      },
    );

    app.get(
      '/ledger/entries.csv',
      {
        schema: {
          tags: ['ledger'],
          operationId: 'ledger.exportEntriesCsv',
          summary: 'The whole journal as CSV: one row per posting, oldest first',
          description:
            "For an active admin: the filters of GET /api/admin/ledger/entries; codes for machines, words in the reader's language.",
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
          const batch = await journalPage(
            db,
            {
              kind: request.query.kind,
              memberId: request.query.member_id,
              before,
              limit: 1000,
            },
            details,
          );
          rows.push(...batch);
          if (batch.length < 1000) break;
          before = batch.at(-1)!.entry.id;
        }
        rows.reverse();
        // The codes for machines (kind, account), the words in the reader's language.
        const language = requestLanguage(request);
        const { loanCharge } = await getSettings(db);
        const people = await peopleOf(db, rows);
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
              memoIn(r, language, loanCharge),
              p.accountCode,
              accountNameIn(p.accountCode, language, loanCharge, people),
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
