import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@jamiya/contracts/common';
import { bankStatementCreated, csvColumns, statementFields } from '@jamiya/contracts/bank';
import { sentence, translate } from '../../lib/i18n.ts';
import { requestLanguage } from '../../lib/language.ts';
import { refused, secured } from '../../lib/route-kit.ts';
import { uploadedFile } from '../../lib/uploaded-file.ts';
import { actorOf } from '../sessions/public.ts';
import { csvColumnsOf, importStatement } from './uploaded-statement.ts';

// A bank statement brought in: a CSV's columns read to choose what each holds, and the file
// imported, each line kept once (docs/domain/reconciliation.md).

const STATEMENT_TOO_LARGE =
  /*i18n*/ 'The file is larger than 10 MB. Export the statement for a shorter period, a month for example.';

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
    async (request) => csvColumnsOf(db, request.body.file.data, request.body.bank || undefined),
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
      const { row, statement } = await importStatement(db, request.body, actorOf(request));
      reply.status(201);
      return {
        message: translate(
          requestLanguage(request),
          sentence(
            /*i18n*/ '{lines, plural, one {# line} other {# lines}} read, {fresh, plural, one {# of them new} other {# of them new}}.',
            { lines: row.lineCount, fresh: row.newLines },
          ),
        ),
        statement,
      };
    },
  );
};
