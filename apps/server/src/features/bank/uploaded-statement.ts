import type { CsvMappingInput, LookalikeChoice } from '@jamiya/contracts/bank';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { payloadTooLarge, unprocessable, type FieldErrors } from '../../lib/errors.ts';
import { sentence, type Say } from '../../lib/i18n.ts';
import type { UploadedFile } from '../../lib/uploaded-file.ts';
import { cleanFileName } from '../files/public.ts';
import { keepStatement } from './keep-statement.ts';
import { readCsvColumnsInPool, readStatementInPool } from './read-pool.ts';
import { detectFormat } from './read-statement.ts';
import type { Problem } from './read-types.ts';
import { rememberedMapping, sha256Of } from './statements.ts';
import { statementViews } from './views.ts';

// A statement's file as the treasurer sends it, read in the pool (read-pool.ts): a CSV's
// columns to choose what each holds, or the whole statement through the choices sent or
// remembered for the bank. What is wrong is 422, each problem under its line; too much, 413.

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

/** A CSV's header and first rows, with the choices remembered for a bank with these columns. */
export async function csvColumnsOf(db: Db, data: Buffer, bank: string | undefined) {
  const read = await readCsvColumnsInPool(data);
  if (!read.ok) {
    if ('tooMuchWork' in read) throw payloadTooLarge(TOO_MUCH_WORK);
    throw refusedFile(read.problems);
  }
  return { ...read.columns, remembered: await rememberedMapping(db, bank, read.columns.columns) };
}

/** The statement of a file, and a CSV's columns with the choices it was read through. */
async function readUploadedStatement(
  db: Db,
  data: Buffer,
  bank: string | undefined,
  sent: CsvMappingInput | undefined,
) {
  let mapping = sent;
  let columns: string[] | null = null;
  const csv = detectFormat(data) === 'csv' ? await readCsvColumnsInPool(data) : null;
  if (csv?.ok) {
    const found = csv.columns.columns;
    columns = found;
    mapping ??= (await rememberedMapping(db, bank, found))?.mapping;
    if (!mapping)
      throw unprocessable(
        /*i18n*/ 'Choose which column holds the date, the amount and the text: this bank’s columns are not known yet.',
        { mapping: [/*i18n*/ 'Choose the columns.'] },
      );
  }
  const read = await readStatementInPool(data, columns ? mapping : undefined);
  if (!read.ok) {
    if ('tooMuchWork' in read) throw payloadTooLarge(TOO_MUCH_WORK);
    throw refusedFile(read.problems);
  }
  return {
    statement: read.statement,
    mapping: columns && mapping ? { columns, choices: mapping } : null,
  };
}

/**
 * A statement's file imported: read in the pool, kept in one transaction (keep-statement.ts),
 * and answered as the list shows it, with the row for its counts of lines.
 */
export async function importStatement(
  db: Db,
  sent: {
    file: UploadedFile;
    bank?: string | undefined;
    mapping?: CsvMappingInput | undefined;
    lookalikes?: LookalikeChoice | undefined;
  },
  actor: Actor & { id: number },
) {
  const { file, bank } = sent;
  const read = await readUploadedStatement(db, file.data, bank || undefined, sent.mapping);
  const row = await keepStatement(
    db,
    {
      statement: read.statement,
      fileName: cleanFileName(file.filename) ?? 'statement',
      sha256: sha256Of(file.data),
      bank: bank || null,
      mapping: read.mapping,
      lookalikes: sent.lookalikes ?? 'ask',
    },
    actor,
    new Date(),
  );
  const [statement] = await statementViews(db, [row]);
  return { row, statement: statement! };
}
