import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { BANK_FORMATS, LINK_KINDS, type CsvMappingInput } from '@jamiya/contracts/bank';
import { journalEntries } from './ledger.ts';
import { payments } from './payments.ts';
import { users } from './users.ts';

// The association's bank statements (docs/domain/reconciliation.md): each line once, however
// many statements held it, linked to the payment and the journal entry it is the money of.

/** A bank's CSV column choices, made once and remembered under the bank's name. */
export const bankCsvMappings = pgTable('bank_csv_mappings', {
  id: serial('id').primaryKey(),
  bank: text('bank').notNull().unique(),
  // The export's header, its columns joined: a file with the same columns finds the choices.
  columnsKey: text('columns_key').notNull(),
  mapping: jsonb('mapping').$type<CsvMappingInput>().notNull(),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const bankStatements = pgTable('bank_statements', {
  id: serial('id').primaryKey(),
  format: text('format', { enum: BANK_FORMATS }).notNull(),
  bank: text('bank'),
  fileName: text('file_name').notNull(),
  sha256: text('sha256').notNull(),
  fromDate: date('from_date', { mode: 'string' }).notNull(),
  toDate: date('to_date', { mode: 'string' }).notNull(),
  openingBalanceFils: bigint('opening_balance_fils', { mode: 'number' }),
  closingBalanceFils: bigint('closing_balance_fils', { mode: 'number' }),
  lineCount: integer('line_count').notNull(),
  newLines: integer('new_lines').notNull(),
  importedBy: integer('imported_by')
    .notNull()
    .references(() => users.id),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull(),
});

export const bankLines = pgTable(
  'bank_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bookedOn: date('booked_on', { mode: 'string' }).notNull(),
    // Money in above 0, money out below.
    amountFils: bigint('amount_fils', { mode: 'number' }).notNull(),
    text: text('text').notNull(),
    bankRef: text('bank_ref'),
    balanceFils: bigint('balance_fils', { mode: 'number' }),
    // What makes a line the same line in another statement: the bank's reference where it
    // has one, else its day, amount, text and running balance.
    dedupeKey: text('dedupe_key').notNull().unique(),
    paymentId: integer('payment_id').references(() => payments.id),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    // How it was linked: a match approved, by hand, a payment recorded from it, a booking. What
    // was made from the line (assign, book) is undone by its correction, not by an unlink.
    linkKind: text('link_kind', { enum: LINK_KINDS }),
    linkedBy: integer('linked_by').references(() => users.id),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
  },
  (t) => [
    index('bank_lines_booked_idx').on(t.bookedOn),
    // The lines not in the books, read by the reconciliation without the thousands that are.
    index('bank_lines_open_idx')
      .on(t.bookedOn, t.id)
      .where(sql`${t.entryId} is null`),
    // A payment has one line, and a movement of the books one line.
    uniqueIndex('bank_lines_one_per_payment')
      .on(t.paymentId)
      .where(sql`${t.paymentId} is not null`),
    uniqueIndex('bank_lines_one_per_entry')
      .on(t.entryId)
      .where(sql`${t.entryId} is not null`),
  ],
);

/**
 * Every dedupe key a line is known by: its first statement's, and those of statements in other
 * formats (or another CSV's columns) that held it too, so that each of them finds it again.
 */
export const bankLineKeys = pgTable(
  'bank_line_keys',
  {
    key: text('key').primaryKey(),
    lineId: bigint('line_id', { mode: 'number' })
      .notNull()
      .references(() => bankLines.id, { onDelete: 'cascade' }),
  },
  (t) => [index('bank_line_keys_line_idx').on(t.lineId)],
);

/** Which lines a statement held (a line first seen in an earlier statement too). */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    statementId: integer('statement_id')
      .notNull()
      .references(() => bankStatements.id),
    lineId: bigint('line_id', { mode: 'number' })
      .notNull()
      .references(() => bankLines.id),
  },
  (t) => [
    primaryKey({ columns: [t.statementId, t.lineId] }),
    index('bank_statement_lines_line_idx').on(t.lineId),
  ],
);
