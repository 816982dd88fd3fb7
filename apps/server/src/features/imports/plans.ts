import { eq } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { DbOrTx } from '../../db/client.ts';
import { imports } from '../../db/schema/imports.ts';
import { conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { openProposals } from '../proposals/public.ts';
import { refuseAppliedTwice } from './apply.ts';
import { checkImport, sha256Of, type ImportPlan } from './check.ts';

// What an import is checked from: a file the treasurer sends (POST /api/admin/imports), or the
// file a proposed import keeps for the second admin (POST /api/admin/imports/:id/confirm).

/** A file sent, checked: refused when its books start after `today` or it was applied before. */
export async function planOfSentFile(
  db: DbOrTx,
  input: { bytes: Buffer; fileName: string; asOf: string; openingCashFils: Fils },
  today: string,
): Promise<ImportPlan> {
  if (input.asOf > today)
    throw unprocessable(/*i18n*/ 'The day the books start cannot be after today.', {
      as_of: [/*i18n*/ 'Choose today or a day before.'],
    });
  await refuseAppliedTwice(db, sha256Of(input.bytes));
  return checkImport(db, input);
}

/** The kept file of an import waiting for confirmation, checked again against the app now. */
export async function planAwaitingConfirmation(db: DbOrTx, id: number): Promise<ImportPlan> {
  const [row] = await db.select().from(imports).where(eq(imports.id, id));
  if (!row) throw notFound(/*i18n*/ 'There is no such import.');
  const open = new Set((await openProposals(db)).map((p) => p.id));
  if (row.appliedAt || row.proposalId === null || !open.has(row.proposalId))
    throw conflict(
      row.appliedAt
        ? /*i18n*/ 'This import was already applied.'
        : /*i18n*/ 'This import is not waiting for confirmation: its proposal was withdrawn.',
    );
  return checkImport(db, {
    bytes: row.fileData,
    fileName: row.fileName,
    asOf: row.asOf,
    openingCashFils: row.openingCashFils,
  });
}
