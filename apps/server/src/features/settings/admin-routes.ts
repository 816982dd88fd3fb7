import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminSettings,
  settingsProposedResponse,
  settingsUpdateRequest,
  settingsUpdateResponse,
} from '@jamiya/contracts/settings';
import { refused, refusedChange, secured } from '../../lib/route-kit.ts';
import { actorOf } from '../sessions/public.ts';
import { translate } from '../../lib/i18n.ts';
import { requestLanguage } from '../../lib/language.ts';
import { savedSettingsAnswer, type ProposalRow, type SecondAdmin } from './save-settings.ts';
import { getSettings, toAdminSettings } from './settings.ts';

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
        const { row, proposed } = await savedSettingsAnswer(
          db,
          request.body,
          { withSecondAdmin, proposedAnswer },
          actorOf(request),
          new Date(),
          translate(
            requestLanguage(request),
            /*i18n*/ 'The settings were saved. The new payment instructions wait for a second admin to confirm them.',
          ),
        );
        if (proposed)
          return reply.status(202).send({ ...proposed, settings: toAdminSettings(row) });
        return { message: /*i18n*/ 'The settings were saved.', settings: toAdminSettings(row) };
      },
    );
  };
