// The association's own books in a test (issue 49): a statement imported through the API and its
// lines by the bank's reference, a treasurer's calls, and the check of the bank's lines.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { bankLines, bankStatementLines } from '../../src/db/schema/bank.ts';
import { bearer, multipart, postForm } from '../harness.ts';
import { bankCsv, camt053, type BankEntry } from './bank-files.ts';

/** An admin's calls, with their token. */
export function adminCalls(app: FastifyInstance, token: string) {
  return {
    get: (url: string) => app.inject({ url, headers: bearer(token) }),
    post: (url: string, payload: object = {}) =>
      app.inject({ method: 'POST', url, headers: bearer(token), payload }),
    del: (url: string) => app.inject({ method: 'DELETE', url, headers: bearer(token) }),
  };
}

export interface Imported {
  response: LightMyRequestResponse;
  statementId: number;
}

/** A statement imported through the API: a camt.053 (the default) or the bank's CSV. */
export async function importStatement(
  app: FastifyInstance,
  token: string,
  entries: BankEntry[],
  options: {
    format?: 'camt053' | 'csv';
    openingFils?: number;
    lookalikes?: 'ask' | 'same' | 'new';
    /** The CSV's columns: with the bank's reference, or without (text and amounts only). */
    csvReference?: boolean;
  } = {},
): Promise<Imported> {
  const opening = options.openingFils ?? 0;
  const csv = options.format === 'csv';
  const data = csv ? bankCsv(opening, entries) : camt053(opening, entries);
  const mapping = csv
    ? JSON.stringify({
        date: 'Date',
        amount: 'Amount',
        description: 'Description',
        balance: 'Balance',
        ...(options.csvReference === false ? {} : { reference: 'Reference' }),
      })
    : undefined;
  const response = await postForm(
    app,
    '/api/admin/bank-statements',
    token,
    multipart(
      { mapping, lookalikes: options.lookalikes },
      {
        file: {
          filename: csv ? 'statement.csv' : 'statement.xml',
          contentType: 'application/octet-stream',
          data,
        },
      },
    ),
  );
  return {
    response,
    statementId: response.statusCode === 201 ? (response.json().statement.id as number) : 0,
  };
}

/** A statement's lines by their text's first word or the bank's reference (camt), as ids. */
export async function lineIdsOf(db: Db, statementId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: bankLines.id, ref: bankLines.bankRef, text: bankLines.text })
    .from(bankStatementLines)
    .innerJoin(bankLines, eq(bankLines.id, bankStatementLines.lineId))
    .where(eq(bankStatementLines.statementId, statementId));
  return new Map(rows.flatMap((r) => (r.ref ? [[r.ref, r.id] as const] : [])));
}

export type { BankEntry };
