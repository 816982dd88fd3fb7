import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { IMPORT_FORMATS } from '@jamiya/contracts/imports';
import { bytea } from './files.ts';
import { journalEntries } from './ledger.ts';
import { fundProposals } from './proposals.ts';
import { users } from './users.ts';

/** What an import brings, in fils, as the dry run showed it and the books received it. */
export interface ImportFiguresFils {
  rows: number;
  members: number;
  savingsFils: number;
  monthsPaid: number;
  loans: number;
  loansOutstandingFils: number;
  loansOwedFils: number;
  openingEquityFils: number;
}

// An association's books brought in from its spreadsheet (docs/domain/import.md). The file is
// kept: a second admin confirms the import from it, and it is the record of what came in.
export const imports = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    fileName: text('file_name').notNull(),
    format: text('format', { enum: IMPORT_FORMATS }).notNull(),
    fileSha256: text('file_sha256').notNull(),
    fileData: bytea('file_data').notNull(),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    openingCashFils: bigint('opening_cash_fils', { mode: 'number' }).notNull(),
    figures: jsonb('figures').$type<ImportFiguresFils>().notNull(),
    proposedBy: integer('proposed_by')
      .notNull()
      .references(() => users.id),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull(),
    // With two or more admins: the proposal a second admin confirms (features/proposals).
    proposalId: integer('proposal_id').references(() => fundProposals.id),
    confirmedBy: integer('confirmed_by').references(() => users.id),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
  },
  (t) => [
    // The same file is applied once (409 naming the earlier import otherwise).
    uniqueIndex('imports_file_applied_once')
      .on(t.fileSha256)
      .where(sql`${t.appliedAt} is not null`),
  ],
);

// The members an import brought in: the row of the file each came from, the savings it gave
// them (the opening entry's credit, which the consistency check holds the books to), and when
// their invitation was handed over or mailed (null: the mail is still to go; a process mailing
// it holds it for a while, so that a crash gives it back rather than losing it).
export const importMembers = pgTable(
  'import_members',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => imports.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    row: integer('row').notNull(),
    savingsFils: bigint('savings_fils', { mode: 'number' }).notNull(),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    invitationClaimedAt: timestamp('invitation_claimed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.userId] }),
    index('import_members_to_invite_idx')
      .on(t.importId)
      .where(sql`${t.invitedAt} is null`),
  ],
);
