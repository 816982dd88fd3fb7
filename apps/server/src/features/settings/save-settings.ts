import { eq, sql } from 'drizzle-orm';
import type { FundProposal } from '@jamiya/contracts/proposals';
import type { DbOrTx, Db } from '../../db/client.ts';
import { settings } from '../../db/schema/settings.ts';
import { conflict } from '../../lib/errors.ts';
import { audit } from '../audit/public.ts';
import {
  moneyPathsAsked,
  moneyPathsOf,
  pathsColumns,
  samePaths,
  translationsAsked,
  type MoneyPaths,
  type SettingsUpdate,
} from './money-paths.ts';
import { getSettings, toAdminSettings } from './settings.ts';
import { columnsOf } from './update-columns.ts';

// A save of the settings (PUT /api/admin/settings): everything at once but the money paths
// (the payment instructions, the one-admin bank fee), which a second admin confirms.

const OTHER_PATHS_PROPOSED =
  /*i18n*/ 'Another admin proposed other payment instructions: confirm theirs as they are, or withdraw that proposal first.';

/** A proposal as features/proposals keeps it, of which settings reads what it asked. */
export type ProposalRow = { details: Record<string, unknown> | null };

/**
 * How a change of the money paths waits for a second admin: features/proposals' two, handed in
 * by app.ts, as proposals reach settings through users and auth.
 */
export interface SecondAdmin<Row extends ProposalRow> {
  withSecondAdmin: <T>(
    tx: DbOrTx,
    request: {
      action: 'settings.money_paths';
      loanId: null;
      subject: string;
      amountFils: null;
      details: Record<string, unknown>;
    },
    actor: { id: number; ip?: string | null },
    now: Date,
    carryOut: () => Promise<T>,
    sameAs: (open: Row) => string | null,
  ) => Promise<{ done: T } | { proposed: Row }>;
  proposedAnswer: (
    db: DbOrTx,
    row: Row,
    message: string,
  ) => Promise<{ message: string; pending_confirmation: true; proposal: FundProposal }>;
}

/**
 * Saves the settings; with another admin to confirm, the money paths asked wait in a proposal
 * (`proposed`), the rest saved. A save from settings changed since it was read is 409.
 */
async function saveSettings<Row extends ProposalRow>(
  db: Db,
  body: SettingsUpdate,
  withSecondAdmin: SecondAdmin<Row>['withSecondAdmin'],
  actor: { id: number; ip: string },
  now: Date,
) {
  return db.transaction(async (tx) => {
    // Locked before it is read: a save beside a confirmation must not write back the
    // payment instructions it read before the confirmation changed them.
    await tx.execute(sql`select 1 from settings where id = 1 for update`);
    const before = await getSettings(tx);
    // Saved from settings another admin changed since: the page's old values (an old
    // payment instruction among them) would undo that change, or propose it again.
    if (body.updated_at && Date.parse(body.updated_at) !== before.updatedAt.getTime())
      throw conflict(
        /*i18n*/ 'Another admin changed the settings after you opened them. Open them again and make your change there.',
      );
    const translations = translationsAsked(body, before);
    const asked = moneyPathsAsked(body, before);
    const save = (paths: MoneyPaths) =>
      tx
        .update(settings)
        .set({ ...columnsOf(body), ...pathsColumns(paths, translations), updatedAt: now })
        .where(eq(settings.id, 1))
        .returning();
    // Everything else is saved at once; the money paths as they are, unless one admin may
    // change them alone or this is the second admin's call.
    let [row] = await save(moneyPathsOf(before));
    let proposed: Row | null = null;
    if (!samePaths(asked, moneyPathsOf(before))) {
      const decision = await withSecondAdmin(
        tx,
        {
          action: 'settings.money_paths',
          loanId: null,
          subject: 'settings',
          amountFils: null,
          details: { paths: asked },
        },
        actor,
        now,
        async () => (await save(asked))[0],
        (open) => (samePaths(asked, open.details?.paths) ? null : OTHER_PATHS_PROPOSED),
      );
      if ('proposed' in decision) proposed = decision.proposed;
      else row = decision.done;
    }
    await audit(tx, {
      actorId: actor.id,
      action: 'settings.update',
      targetType: 'settings',
      targetId: 1,
      details: { before: toAdminSettings(before), after: toAdminSettings(row!) },
      ip: actor.ip,
      at: now,
    });
    return { row: row!, proposed };
  });
}

/**
 * Saves the settings (saveSettings); a proposal made for the money paths comes as its 202
 * answer, saying `proposedMessage`.
 */
export async function savedSettingsAnswer<Row extends ProposalRow>(
  db: Db,
  body: SettingsUpdate,
  { withSecondAdmin, proposedAnswer }: SecondAdmin<Row>,
  actor: { id: number; ip: string },
  now: Date,
  proposedMessage: string,
) {
  const { row, proposed } = await saveSettings(db, body, withSecondAdmin, actor, now);
  return { row, proposed: proposed ? await proposedAnswer(db, proposed, proposedMessage) : null };
}
