import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc, lt } from 'drizzle-orm';
import { filsToAed } from '@jamiya/money/fils';
import { errorBody } from '@jamiya/contracts/common';
import {
  approveMatchesAnswer,
  approveMatchesBody,
  assignLineBody,
  bankStatementCreated,
  bankStatementDetail,
  bankStatementsList,
  bankStatementsQuery,
  csvColumns,
  lineAssigned,
  lineAssignProposed,
  reconciliation,
  reconciliationQuery,
  statementFields,
  unseenPayments,
} from '@jamiya/contracts/bank';
import { bankStatements } from '../../db/schema/bank.ts';
import { localDate } from '../../lib/calendar.ts';
import { notFound, payloadTooLarge, unprocessable, type FieldErrors } from '../../lib/errors.ts';
import { sentence, translate, type Say } from '../../lib/i18n.ts';
import { requestLanguage } from '../../lib/language.ts';
import { page, parseCursor } from '../../lib/pagination.ts';
import { idParams, refused, secured } from '../../lib/route-kit.ts';
import { uploadedFile } from '../../lib/uploaded-file.ts';
import { cleanFileName } from '../files/public.ts';
import { toProposalViews } from '../proposals/public.ts';
import { memberRefsById } from '../users/public.ts';
import { actorOf } from '../sessions/public.ts';
import { assignLine } from './assign.ts';
import { carryOutMatch } from './links.ts';
import { pictureOf, unseenReceipts } from './proposed.ts';
import { readCsvColumnsInPool, readStatementInPool } from './read-pool.ts';
import { detectFormat, type Problem } from './read-statement.ts';
import { reconcile } from './reconcile.ts';
import {
  keepStatement,
  rememberedMapping,
  sha256Of,
  statementById,
  allStatements,
} from './statements.ts';
import { entryView, lineView, detailView, statementViews } from './views.ts';

const STATEMENT_TOO_LARGE =
  /*i18n*/ 'The file is larger than 10 MB. Export the statement for a shorter period, a month for example.';

const TOO_MUCH_WORK =
  /*i18n*/ 'This file is too large to read in one go: split the statement by month.';

/** A file the readers refused: 422, each problem under its line and column. */
function refusedFile(problems: Problem[]) {
  const errors: FieldErrors = {};
  for (const p of problems) {
    const key = p.row === null ? 'file' : p.column ? `line ${p.row}: ${p.column}` : `line ${p.row}`;
    (errors[key] ??= []).push(p.message);
  }
  const first: Say = problems[0]?.message ?? /*i18n*/ 'This file could not be read.';
  return unprocessable(
    problems.length > 1
      ? sentence(
          /*i18n*/ 'Nothing was imported: {count, plural, one {# problem needs} other {# problems need}} correcting first.',
          { count: problems.length },
        )
      : first,
    errors,
  );
}

/** The treasurer's reconciliation with the bank (docs/domain/reconciliation.md). */
export const bankAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const statementFile = uploadedFile(
    "The bank's statement",
    /*i18n*/ 'Choose the bank statement to import.',
    'CSV, camt.053 XML or MT940',
  );

  app.post(
    '/bank-statements/columns',
    {
      config: { fileTooLarge: STATEMENT_TOO_LARGE },
      schema: {
        tags: ['bank'],
        operationId: 'bank.readCsvColumns',
        summary: "A CSV statement's columns, to choose what each holds",
        description:
          'For an active admin: multipart `file`. The header and up to 5 rows as written, and the choices remembered for a bank whose export has these columns. Changes nothing.',
        ...secured,
        consumes: ['multipart/form-data'],
        body: statementFields.pick({ bank: true }).extend({ file: statementFile }),
        response: { 200: csvColumns, ...refused, 413: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      const read = await readCsvColumnsInPool(request.body.file.data);
      if (!read.ok) {
        if ('tooMuchWork' in read) throw payloadTooLarge(TOO_MUCH_WORK);
        throw refusedFile(read.problems);
      }
      return {
        ...read.columns,
        remembered: await rememberedMapping(
          db,
          request.body.bank || undefined,
          read.columns.columns,
        ),
      };
    },
  );

  app.post(
    '/bank-statements',
    {
      config: { idempotent: true, fileTooLarge: STATEMENT_TOO_LARGE },
      schema: {
        tags: ['bank'],
        operationId: 'bank.importStatement',
        summary: 'Import a bank statement: CSV, camt.053 or MT940',
        description:
          'For an active admin: multipart `file` (at most 10 MB), `bank` (its name) and, for a CSV, `mapping` (BankCsvMapping as JSON; the choices remembered for the bank, or for an export with the same columns, when missing; they are remembered under `bank`). ' +
          'Answers 201 with the statement: a line an earlier statement held is not kept twice (`duplicate_lines`). ' +
          'The same file again is 409; a file none of the three formats, with a DOCTYPE or entities, in another currency than AED, or with a wrong line is 422 (each problem under `line N: column`).',
        ...secured,
        consumes: ['multipart/form-data'],
        body: statementFields.extend({ file: statementFile }),
        response: {
          201: bankStatementCreated,
          ...refused,
          409: errorBody,
          413: errorBody,
          422: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { file, bank } = request.body;
      const sha256 = sha256Of(file.data);
      let mapping = request.body.mapping;
      let columns: string[] | null = null;
      const csv = detectFormat(file.data) === 'csv' ? await readCsvColumnsInPool(file.data) : null;
      if (csv?.ok) {
        const found = csv.columns.columns;
        columns = found;
        mapping ??= (await rememberedMapping(db, bank || undefined, found))?.mapping;
        if (!mapping)
          throw unprocessable(
            /*i18n*/ 'Choose which column holds the date, the amount and the text: this bank’s columns are not known yet.',
            { mapping: [/*i18n*/ 'Choose the columns.'] },
          );
      }
      const read = await readStatementInPool(file.data, columns ? mapping : undefined);
      if (!read.ok) {
        if ('tooMuchWork' in read) throw payloadTooLarge(TOO_MUCH_WORK);
        throw refusedFile(read.problems);
      }
      const row = await keepStatement(
        db,
        {
          statement: read.statement,
          fileName: cleanFileName(file.filename) ?? 'statement',
          sha256,
          bank: bank || null,
          mapping: columns && mapping ? { columns, choices: mapping } : null,
        },
        actorOf(request),
        new Date(),
      );
      const [statement] = await statementViews(db, [row]);
      reply.status(201);
      return {
        message: translate(
          requestLanguage(request),
          sentence(
            /*i18n*/ '{lines, plural, one {# line} other {# lines}} read, {fresh, plural, one {# of them new} other {# of them new}}.',
            { lines: row.lineCount, fresh: row.newLines },
          ),
        ),
        statement: statement!,
      };
    },
  );

  app.get(
    '/bank-statements',
    {
      schema: {
        tags: ['bank'],
        operationId: 'bank.listStatements',
        summary: 'The statements imported, newest first',
        description:
          "For an active admin: each statement's format, days, balances, lines (new and already held) and who imported it.",
        ...secured,
        querystring: bankStatementsQuery,
        response: { 200: bankStatementsList, ...refused },
      },
    },
    async (request) => {
      const cursor = parseCursor(request.query.cursor);
      const rows = await db
        .select()
        .from(bankStatements)
        .where(cursor === null ? undefined : lt(bankStatements.id, cursor))
        .orderBy(desc(bankStatements.id))
        .limit(request.query.limit + 1);
      const { items, nextCursor } = page(rows, request.query.limit);
      return { items: await statementViews(db, items), next_cursor: nextCursor };
    },
  );

  async function statementOr404(id: number) {
    const row = await statementById(db, id);
    if (!row) throw notFound(/*i18n*/ 'There is no such bank statement.');
    return row;
  }

  app.get(
    '/bank-statements/unseen',
    {
      schema: {
        tags: ['bank'],
        operationId: 'bank.unseenPayments',
        summary: 'Receipts waiting that the bank statement of their date does not hold',
        description:
          "For an active admin: each receipt waiting whose transfer date (or, without one, the day it was sent) a statement covers, and which matches none of that statement's lines.",
        ...secured,
        response: { 200: unseenPayments, ...refused },
      },
    },
    async () => ({
      items: (await unseenReceipts(db, await allStatements(db))).map(
        ({ paymentId, statement }) => ({
          payment_id: paymentId,
          statement: {
            id: statement.id,
            bank: statement.bank,
            from: statement.fromDate,
            to: statement.toDate,
          },
        }),
      ),
    }),
  );

  app.get(
    '/bank-statements/:id',
    {
      schema: {
        tags: ['bank'],
        operationId: 'bank.getStatement',
        summary: 'A statement set beside the books: matches, and what is left on either side',
        description:
          "For an active admin: `matched` (a line with the receipt waiting, or the movement of the books, it is the money of, and why), `linked` (lines already linked), `unmatched_lines` (money in the bank the books lack), `unmatched_payments` (receipts waiting, dated within the statement, whose money it does not hold) and `unmatched_entries` (the books' cash movements within it that it does not hold).",
        ...secured,
        params: idParams,
        response: { 200: bankStatementDetail, ...refused, 404: errorBody },
      },
    },
    async (request) => detailView(db, await pictureOf(db, await statementOr404(request.params.id))),
  );

  app.post(
    '/bank-statements/:id/approve',
    {
      config: { idempotent: true },
      schema: {
        tags: ['bank'],
        operationId: 'bank.approveMatches',
        summary: "Approve a statement's matches in one step",
        description:
          "For an active admin: each chosen match (all the statement's when `lines` is missing) is carried out in its own transaction: a receipt waiting is approved exactly as a single approval does (its journal entry, its notification) and linked to its line; a movement of the books is linked. " +
          'A match that cannot be carried out (approved by another admin meanwhile, the admin’s own payment, a line not matched) is listed under `refused` with its reason; the others are done.',
        ...secured,
        params: idParams,
        body: approveMatchesBody,
        response: { 200: approveMatchesAnswer, ...refused, 404: errorBody },
      },
    },
    async (request) => {
      const language = requestLanguage(request);
      const picture = await pictureOf(db, await statementOr404(request.params.id));
      const chosen = request.body.lines ? new Set(request.body.lines) : null;
      const matches = chosen
        ? picture.matches.filter((m) => chosen.has(m.lineId))
        : picture.matches;
      const answer = {
        approved: [] as Array<{ line_id: number; payment_id: number }>,
        linked: [] as Array<{ line_id: number; entry_id: number }>,
        refused: [] as Array<{ line_id: number; message: string }>,
      };
      const matched = new Set(matches.map((m) => m.lineId));
      for (const lineId of chosen ?? [])
        if (!matched.has(lineId))
          answer.refused.push({
            line_id: lineId,
            message: translate(
              language,
              /*i18n*/ 'This line of the statement matches nothing waiting.',
            ),
          });
      const actor = actorOf(request);
      for (const match of matches) {
        const outcome = await carryOutMatch(db, match, actor, new Date());
        if ('refused' in outcome)
          answer.refused.push({
            line_id: outcome.lineId,
            message: translate(language, outcome.refused),
          });
        else if ('paymentId' in outcome)
          answer.approved.push({ line_id: outcome.lineId, payment_id: outcome.paymentId });
        else answer.linked.push({ line_id: outcome.lineId, entry_id: outcome.entryId });
      }
      return {
        message: translate(
          language,
          sentence(
            /*i18n*/ '{approved, plural, one {# payment approved} other {# payments approved}}, {linked, plural, one {# movement linked} other {# movements linked}}, {refused, plural, =0 {none refused} one {# refused} other {# refused}}.',
            {
              approved: answer.approved.length,
              linked: answer.linked.length,
              refused: answer.refused.length,
            },
          ),
        ),
        ...answer,
      };
    },
  );

  app.post(
    '/bank-lines/:id/assign',
    {
      config: { idempotent: true },
      schema: {
        tags: ['bank'],
        operationId: 'bank.assignLine',
        summary: 'Assign money the bank received without a receipt to a member',
        description:
          "For an active admin: `member_id` and either `period` (a month's due) or `loan_id` (a repayment). The line becomes an approved payment whose evidence is the line (201), checked as a member's payment is. " +
          'With two or more active admins it needs a second admin: the first call answers 202; another admin repeats it to carry it out; the proposer never can (409). ' +
          'A line already linked, or money out, is refused.',
        ...secured,
        params: idParams,
        body: assignLineBody,
        response: {
          201: lineAssigned,
          202: lineAssignProposed,
          ...refused,
          404: errorBody,
          409: errorBody,
          422: errorBody,
        },
      },
    },
    async (request, reply) => {
      const decision = await assignLine(
        db,
        request.params.id,
        request.body,
        actorOf(request),
        new Date(),
      );
      if ('proposed' in decision) {
        const [proposal] = await toProposalViews(db, [decision.proposed]);
        return reply.status(202).send({
          message: translate(
            requestLanguage(request),
            /*i18n*/ 'Proposed. A second admin must confirm before the payment is recorded.',
          ),
          pending_confirmation: true as const,
          proposal: proposal!,
        });
      }
      return reply.status(201).send({
        message: translate(
          requestLanguage(request),
          /*i18n*/ 'The payment was recorded from the bank line.',
        ),
        line: lineView(decision.done.line),
        payment_id: decision.done.paymentId,
      });
    },
  );

  app.get(
    '/reconciliation',
    {
      schema: {
        tags: ['bank'],
        operationId: 'bank.reconciliation',
        summary: "The bank's balance beside the books' cash, and what explains the difference",
        description:
          "For an active admin: the bank's balance at the end of `as_of` (Dubai; today when missing) from the statements, the books' cash then, the difference (books less bank), and the bank lines not in the books and movements of the books not in the bank by then. " +
          'When the latest statement ends before `as_of`, both are taken at its last day.',
        ...secured,
        querystring: reconciliationQuery,
        response: { 200: reconciliation, ...refused },
      },
    },
    async (request) => {
      const figures = await reconcile(db, request.query.as_of ?? localDate(new Date()));
      const members = await memberRefsById(
        db,
        figures.entriesNotInBank.flatMap((m) => (m.userId === null ? [] : [m.userId])),
      );
      return {
        as_of: figures.asOf,
        bank_balance: figures.bankFils === null ? null : filsToAed(figures.bankFils),
        statement: figures.statement
          ? {
              id: figures.statement.id,
              from: figures.statement.fromDate,
              to: figures.statement.toDate,
            }
          : null,
        books_cash: filsToAed(figures.booksFils),
        difference:
          figures.bankFils === null ? null : filsToAed(figures.booksFils - figures.bankFils),
        agree: figures.agree,
        verdict: translate(requestLanguage(request), figures.verdict),
        lines_not_in_books: figures.linesNotInBooks.map(lineView),
        entries_not_in_bank: figures.entriesNotInBank.map((m) => entryView(m, members)),
      };
    },
  );
};
