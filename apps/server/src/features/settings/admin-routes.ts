import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import {
  adminSettings,
  settingsProposedResponse,
  settingsUpdateRequest,
  settingsUpdateResponse,
} from '@jamiya/contracts/settings';
import { settings } from '../../db/schema/settings.ts';
import { conflict } from '../../lib/errors.ts';
import { refused, refusedChange, secured } from '../../lib/route-kit.ts';
import { actorOf } from '../sessions/public.ts';
import { audit } from '../audit/public.ts';
import { translate } from '../../lib/i18n.ts';
import { requestLanguage } from '../../lib/language.ts';
import type { FundProposal } from '@jamiya/contracts/proposals';
import type { DbOrTx } from '../../db/client.ts';
import {
  moneyPathsAsked,
  moneyPathsOf,
  pathsColumns,
  samePaths,
  translationsAsked,
  type MoneyPaths,
} from './money-paths.ts';
import { getSettings, toAdminSettings } from './settings.ts';
import { columnsOf } from './update-columns.ts';

const OTHER_PATHS_PROPOSED =
  /*i18n*/ 'Another admin proposed other payment instructions: confirm theirs as they are, or withdraw that proposal first.';

/** A proposal as features/proposals keeps it, of which settings reads what it asked. */
type ProposalRow = { details: Record<string, unknown> | null };

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

/** The association's settings, as the treasurer reads and changes them. */
export const settingsAdminRoutes =
  <Row extends ProposalRow>({
    withSecondAdmin,
    proposedAnswer,
  }: SecondAdmin<Row>): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = app.deps;

    app.get(
      '/settings',
      {
        schema: {
          tags: ['settings'],
          operationId: 'settings.get',
          summary: "The association's settings",
          description:
            'For an active admin: what GET /api/settings says, with every translation of the texts and when they were last changed.',
          ...secured,
          response: { 200: adminSettings, ...refused },
        },
      },
      async () => toAdminSettings(await getSettings(db)),
    );

    app.put(
      '/settings',
      {
        schema: {
          tags: ['settings'],
          operationId: 'settings.update',
          summary:
            'Change the settings: name, monthly due (applies to unpaid months), loan policy (applies to new applications), mobile recharge amounts',
          description:
            'For an active admin: the whole settings are sent (`payment_instructions`, `translations`, `charge_called` and `recharge` may be left out to keep them); the change goes to the audit log with before and after. ' +
            'With two or more active admins, a change of the payment instructions (in any language) or of `books_rules.one_admin_bank_fee` is proposed (202, the rest saved at once) and carried out when another admin repeats it; the proposer never can (409), nor another admin with other values while it is open (409). ' +
            'A save that sends `updated_at` from settings another admin has changed since is 409, and nothing changes.',
          ...secured,
          body: settingsUpdateRequest,
          response: {
            200: settingsUpdateResponse,
            202: settingsProposedResponse,
            ...refusedChange,
          },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const now = new Date();
        const body = request.body;
        const { row, proposed } = await db.transaction(async (tx) => {
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
        if (proposed)
          return reply.status(202).send({
            ...(await proposedAnswer(
              db,
              proposed,
              translate(
                requestLanguage(request),
                /*i18n*/ 'The settings were saved. The new payment instructions wait for a second admin to confirm them.',
              ),
            )),
            settings: toAdminSettings(row),
          });
        return { message: /*i18n*/ 'The settings were saved.', settings: toAdminSettings(row) };
      },
    );
  };
