import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@jamiya/contracts/common';
import { bankStatementCreated, csvColumns, statementFields } from '@jamiya/contracts/bank';
import { payloadTooLarge, unprocessable, type FieldErrors } from '../../lib/errors.ts';
import { sentence, translate, type Say } from '../../lib/i18n.ts';
import { requestLanguage } from '../../lib/language.ts';
import { refused, secured } from '../../lib/route-kit.ts';
import { uploadedFile } from '../../lib/uploaded-file.ts';
import { cleanFileName } from '../files/public.ts';
import { actorOf } from '../sessions/public.ts';
import { keepStatement } from './keep-statement.ts';
import { readCsvColumnsInPool, readStatementInPool } from './read-pool.ts';
import { detectFormat } from './read-statement.ts';
import type { Problem } from './read-types.ts';
import { rememberedMapping, sha256Of } from './statements.ts';
import { statementViews } from './views.ts';

// A bank statement brought in: a CSV's columns read to choose what each holds, and the file
// imported, each line kept once (docs/domain/reconciliation.md).

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

export const statementImportRoutes: FastifyPluginAsyncZod = async (app) => {
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
          lookalikes: request.body.lookalikes ?? 'ask',
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
};
