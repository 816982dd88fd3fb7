import { and, eq, getTableColumns, isNotNull } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { Db, DbOrTx } from '../../db/client.ts';
import { importMembers, imports } from '../../db/schema/imports.ts';
import { inBatches } from '../../lib/batches.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict } from '../../lib/errors.ts';
import { sentence } from '../../lib/i18n.ts';
import { audit } from '../audit/public.ts';
import { issueInvitations, keepForHandOver } from '../auth/public.ts';
import { postEntry } from '../ledger/public.ts';
import { bringInLoans } from '../loans/public.ts';
import { carryOverPaidMonths } from '../payments/public.ts';
import { withSecondAdmin, type Decision, type ProposalRow } from '../proposals/public.ts';
import { getSettings } from '../settings/public.ts';
import { createMembersWithoutPassword, type User } from '../users/public.ts';
import type { ImportPlan } from './check.ts';
import { startOfDay } from '../../lib/calendar.ts';

// An import carried out: the members, their paid months, their open loans and one balanced
// opening entry, in one transaction; with two or more active admins, proposed by one and
// carried out when another confirms (docs/domain/import.md, docs/domain/maker-checker.md).

/** An import's columns but its file: what the lists and answers read. */
export const { fileData: _fileData, ...importColumns } = getTableColumns(imports);
export type ImportRow = Omit<typeof imports.$inferSelect, 'fileData'>;

export interface Applied {
  import: ImportRow;
  members: User[];
  /** Each member's invitation, when it is handed over rather than mailed. */
  invitations: Map<number, { url: string; expiresAt: Date }> | null;
  /** Who proposed and who confirmed it: both hand the invitations over. */
  proposedBy: number;
  confirmedBy: number | null;
}

/** Who sends or confirms an import: an admin (sessions' actorOf). */
type Admin = Actor & { id: number };

export interface ApplyBy {
  actor: Admin;
  publicUrl: string;
  mailsInvitations: boolean;
  /** Seals the invitations kept for the admins to hand over (lib/seal.ts). */
  sealKey: Buffer;
}

/** The earlier import of the same file, if it was applied: 409, naming it. */
export async function refuseAppliedTwice(db: DbOrTx, sha256: string): Promise<void> {
  const [applied] = await db
    .select({ id: imports.id, appliedAt: imports.appliedAt, asOf: imports.asOf })
    .from(imports)
    .where(and(eq(imports.fileSha256, sha256), isNotNull(imports.appliedAt)));
  if (applied)
    throw conflict(
      sentence(
        /*i18n*/ 'This file was already imported: import {id}, applied on {at}, with the books opening on {asOf}.',
        { id: applied.id, at: { at: applied.appliedAt! }, asOf: { day: applied.asOf } },
      ),
    );
}

/**
 * Writes what the plan says, in the caller's transaction: nothing of it stays if any part
 * fails. `row` is the import's row (kept with the file when it was proposed).
 */
async function carryOut(
  tx: DbOrTx,
  plan: ImportPlan,
  row: ImportRow,
  by: ApplyBy & { confirmedBy: number | null },
  now: Date,
): Promise<Applied> {
  const settings = await getSettings(tx);
  // The books open at the start of the cut-over day in Dubai.
  const cutOver = startOfDay(plan.asOf);
  const members = await createMembersWithoutPassword(
    tx,
    plan.members.map((m) => ({
      name: m.name,
      email: m.email,
      mobile: m.mobile,
      nationalId: m.nationalId,
      language: m.language,
      joinedOn: `${m.joined}-01`,
      createdAt: startOfDay(`${m.joined}-01`),
    })),
  );
  const invitations = by.mailsInvitations
    ? null
    : await issueInvitations(tx, members, { createdBy: by.actor.id, publicUrl: by.publicUrl, now });
  if (invitations)
    await keepForHandOver(
      tx,
      by.sealKey,
      members.map((m) => ({ userId: m.id, ...invitations.get(m.id)! })),
      { proposedBy: row.proposedBy, confirmedBy: by.confirmedBy, importId: row.id },
    );
  const broughtIn = members.map((user, i) => ({
    importId: row.id,
    userId: user.id,
    row: plan.members[i]!.row,
    savingsFils: plan.members[i]!.savingsFils,
    // Handed over with the answer now, or mailed by the notifications job later.
    invitedAt: invitations ? now : null,
  }));
  for (const batch of inBatches(broughtIn)) await tx.insert(importMembers).values(batch);

  await carryOverPaidMonths(
    tx,
    plan.members.flatMap((m, i) =>
      m.paidThrough && m.paidThrough >= m.joined
        ? [{ userId: members[i]!.id, from: m.joined, to: m.paidThrough }]
        : [],
    ),
    { monthlyDueFils: settings.monthlyDueFils, reviewedBy: by.actor.id, at: cutOver },
  );

  const loans = await bringInLoans(
    tx,
    plan.members.flatMap((m, i) =>
      m.loan
        ? [
            {
              userId: members[i]!.id,
              passportOrNid: m.nationalId ?? '',
              amountFils: m.loan.amountFils,
              termMonths: m.loan.termMonths,
              disbursedOn: `${m.loan.disbursed}-01`,
              repaidFils: m.loan.repaidFils,
            },
          ]
        : [],
    ),
    {
      interestPermille: settings.interestPermille,
      actorId: by.actor.id,
      reason: `Brought in from the association's books (import ${row.id})`,
      now,
      cutOver,
    },
  );

  // Cash and loans on one side; each member's savings and the association's own on the other.
  const { figures } = plan;
  const lines = [
    { account: { code: 'cash' as const }, amountFils: plan.openingCashFils },
    ...loans.map((l) => ({
      account: { code: 'loan' as const, loanId: l.loanId, userId: l.userId },
      amountFils: l.principalOutstandingFils,
    })),
    ...members.map((user, i) => ({
      account: { code: 'savings' as const, userId: user.id },
      amountFils: -plan.members[i]!.savingsFils,
    })),
    { account: { code: 'opening_equity' as const }, amountFils: -figures.openingEquityFils },
  ];
  const entryId = lines.some((l) => l.amountFils !== 0)
    ? await postEntry(tx, {
        kind: 'opening',
        memo: `Opening balance (import ${row.id})`,
        occurredAt: cutOver,
        createdBy: by.actor.id,
        lines,
      })
    : null;

  const [applied] = await tx
    .update(imports)
    .set({ appliedAt: now, confirmedBy: by.confirmedBy, entryId })
    .where(eq(imports.id, row.id))
    .returning(importColumns);
  await audit(tx, {
    actorId: by.actor.id,
    action: 'import.apply',
    targetType: 'import',
    targetId: row.id,
    details: {
      sha256: plan.file.sha256,
      fileName: plan.file.name,
      asOf: plan.asOf,
      openingCashFils: plan.openingCashFils,
      members: members.length,
      savingsFils: figures.savingsFils,
      loans: loans.length,
      loansOutstandingFils: figures.loansOutstandingFils,
      monthsPaid: figures.monthsPaid,
      openingEquityFils: figures.openingEquityFils,
      entryId,
    },
    ip: by.actor.ip ?? null,
    at: now,
  });
  return {
    import: applied!,
    members,
    invitations,
    proposedBy: row.proposedBy,
    confirmedBy: by.confirmedBy,
  };
}

/**
 * The import's row, made with the file when it is first sent for applying (with its proposal,
 * when a second admin is to confirm it).
 */
async function newImportRow(
  tx: DbOrTx,
  plan: ImportPlan,
  actor: Admin,
  now: Date,
  proposalId: number | null = null,
) {
  const [row] = await tx
    .insert(imports)
    .values({
      fileName: plan.file.name,
      format: plan.file.format,
      fileSha256: plan.file.sha256,
      fileData: plan.file.bytes,
      asOf: plan.asOf,
      openingCashFils: plan.openingCashFils,
      figures: plan.figures,
      proposedBy: actor.id,
      proposedAt: now,
      proposalId,
    })
    .returning(importColumns);
  return row!;
}

/** What the confirming call must repeat: the same file, cut-over day and bank balance. */
function sameImport(plan: ImportPlan) {
  return (open: ProposalRow) => {
    const d = (open.details ?? {}) as {
      sha256?: string;
      asOf?: string;
      amountFils?: Fils;
      fileName?: string;
    };
    return d.sha256 === plan.file.sha256 &&
      d.asOf === plan.asOf &&
      d.amountFils === plan.openingCashFils
      ? null
      : sentence(
          /*i18n*/ 'Another import waits for a second admin ({file}): confirm it or withdraw it first.',
          { file: d.fileName ?? '' },
        );
  };
}

/**
 * An import as an admin asks for it: carried out, or (with two or more active admins) proposed
 * with its file kept, for another admin to confirm. The plan must have no problems.
 */
export function applyOrPropose(
  db: Db,
  plan: ImportPlan,
  by: ApplyBy,
  now: Date,
): Promise<Decision<Applied> & { row: ImportRow }> {
  return db.transaction(async (tx) => {
    // One import at a time: two at once would each take the other's emails for free.
    await tx.execute(`select pg_advisory_xact_lock(hashtext('jamiya:import'))`);
    await refuseAppliedTwice(tx, plan.file.sha256);
    const decision = await withSecondAdmin(
      tx,
      {
        action: 'import.apply',
        loanId: null,
        amountFils: plan.openingCashFils,
        details: { sha256: plan.file.sha256, asOf: plan.asOf, fileName: plan.file.name },
      },
      by.actor,
      now,
      async (open) => {
        const row = open
          ? await proposedRow(tx, open)
          : await newImportRow(tx, plan, by.actor, now);
        return carryOut(tx, plan, row, { ...by, confirmedBy: open ? by.actor.id : null }, now);
      },
      sameImport(plan),
    );
    if ('done' in decision) return { ...decision, row: decision.done.import };
    // Proposed: the file is kept with the proposal, for the confirming admin.
    const row = await newImportRow(tx, plan, by.actor, now, decision.proposed.id);
    return { ...decision, row };
  });
}

/** The import row an open proposal keeps its file in. */
async function proposedRow(tx: DbOrTx, open: ProposalRow): Promise<ImportRow> {
  const [row] = await tx.select(importColumns).from(imports).where(eq(imports.proposalId, open.id));
  if (!row) throw new Error(`proposal ${open.id} has no import`);
  return row;
}
