import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@jamiya/contracts/common';
import {
  importApplied,
  importDryRun,
  importFields,
  importProposed,
  importRefusal,
  importsList,
  importsQuery,
  importTemplateQuery,
} from '@jamiya/contracts/imports';
import { requestLanguage } from '../../lib/language.ts';
import { parseCursor } from '../../lib/pagination.ts';
import { idParams, refused, secured } from '../../lib/route-kit.ts';
import { uploadedFile } from '../../lib/uploaded-file.ts';
import { cleanFileName } from '../files/public.ts';
import { actorOf } from '../sessions/public.ts';
import { getSettings } from '../settings/public.ts';
import { confirmedImportAnswer, sentFileAnswer, type Applying } from './answers.ts';
import { csvTemplate, xlsxTemplate } from './template.ts';
import { importInvitationRoutes } from './invitation-routes.ts';
import { mailImportInvitations } from './invitations.ts';
import { importsPage } from './views.ts';

/**
 * An apply's answer as kept for a replay (Idempotency-Key): without the invitations' links,
 * which wait only sealed (GET /api/admin/imports/{id}/invitations gives them again).
 */
function withoutLinks(body: string): string {
  const answer = JSON.parse(body) as { invitations?: unknown[] };
  return Array.isArray(answer.invitations) && answer.invitations.length
    ? JSON.stringify({ ...answer, invitations: [] })
    : body;
}

const SECOND_ADMIN =
  'With two or more active admins it needs a second admin (docs/domain/maker-checker.md): the first call answers 202 and keeps the file; ' +
  'another admin confirms with `POST /api/admin/imports/{id}/confirm` (or by sending the same file, day and balance); the proposer never does (409).';

/** The treasurer's calls to bring an association in from its spreadsheet (docs/domain/import.md). */
export const importAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, publicUrl, sealKey } = app.deps;

  // The first invitations go as soon as an import is applied, rather than at the scheduled
  // job's next run; the job mails whatever is left. The app waits for them when it closes.
  const mailing = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(mailing);
  });
  function mailInvitationsNow() {
    const run = mailImportInvitations(app.deps, new Date(), app.log)
      .catch((err: unknown) => app.log.warn({ err }, 'invitation mails will go with the job'))
      .finally(() => mailing.delete(run));
    mailing.add(run);
  }

  app.get(
    '/imports/template',
    {
      schema: {
        tags: ['imports'],
        operationId: 'imports.getTemplate',
        summary: 'The template to fill in: CSV or XLSX',
        description:
          "For an active admin: the header row, an example row and what each column takes, in the reader's language (English or Arabic).",
        ...secured,
        querystring: importTemplateQuery,
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: { 200: z.any(), ...refused },
      },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const { loanCharge } = await getSettings(db);
      const name = 'jamiya-import-template';
      if (request.query.format === 'xlsx') {
        reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('Content-Disposition', `attachment; filename="${name}.xlsx"`);
        return xlsxTemplate(language, loanCharge);
      }
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}.csv"`);
      return csvTemplate(language, loanCharge);
    },
  );

  /** Who applies, in which language, and how the invitation mails start. */
  const applying = (request: Parameters<typeof actorOf>[0]): Applying => ({
    by: { actor: actorOf(request), publicUrl, mailsInvitations: mailer.delivers, sealKey },
    language: requestLanguage(request),
    mailInvitationsNow,
  });

  const answers = {
    201: importApplied,
    202: importProposed,
    ...refused,
    404: errorBody,
    409: errorBody,
    413: errorBody,
    422: importRefusal,
  };

  app.post(
    '/imports',
    {
      config: {
        idempotent: true,
        keptAnswer: withoutLinks,
        fileTooLarge:
          /*i18n*/ 'The file is larger than 10 MB. Save the spreadsheet without pictures or other sheets, or as CSV.',
      },
      // Written as it is, not checked against the schema again on its way out: a dry run of
      // 20,000 rows answers each row read (5.7 MB), and checking them held every other request.
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags: ['imports'],
        operationId: 'imports.create',
        summary: 'Check a filled template (a dry run, the default) or apply it',
        description:
          'For an active admin: multipart `file` (CSV or XLSX, at most 10 MB), `as_of` (the cut-over day), `opening_cash` (the bank balance that day) and `dry_run`. ' +
          'A dry run answers 200 with what would be created, the opening entry and every wrong cell, and changes nothing. ' +
          'An apply answers 201, or 422 with the same `errors` when a cell is wrong; nothing is written unless all of it is. ' +
          'A file already applied is 409. ' +
          SECOND_ADMIN,
        ...secured,
        consumes: ['multipart/form-data'],
        body: importFields.extend({
          file: uploadedFile(
            'The filled template',
            /*i18n*/ 'Choose the spreadsheet to import.',
            'CSV or XLSX',
          ),
        }),
        response: { 200: importDryRun, ...answers },
      },
    },
    async (request, reply) => {
      const { file, as_of: asOf, opening_cash: openingCashFils, dry_run: dryRun } = request.body;
      const { status, body } = await sentFileAnswer(
        db,
        {
          bytes: file.data,
          fileName: cleanFileName(file.filename) ?? 'import',
          asOf,
          openingCashFils,
        },
        dryRun,
        applying(request),
      );
      // A dry run is the handler's answer (200); the rest go with their status.
      if (status === 200) return body;
      return reply.status(status).send(body);
    },
  );

  app.post(
    '/imports/:id/confirm',
    {
      config: { idempotent: true, keptAnswer: withoutLinks },
      schema: {
        tags: ['imports'],
        operationId: 'imports.confirm',
        summary: "Confirm another admin's proposed import, from the file it kept",
        description:
          'For an active admin other than the proposer (409 for the proposer): the kept file is checked again against the app as it is now ' +
          '(422 with each wrong cell, as an apply) and applied (201). An import not waiting for confirmation is 409.',
        ...secured,
        params: idParams,
        response: answers,
      },
    },
    async (request, reply) => {
      const { status, body } = await confirmedImportAnswer(
        db,
        request.params.id,
        applying(request),
      );
      return reply.status(status).send(body);
    },
  );

  await app.register(importInvitationRoutes);

  app.get(
    '/imports',
    {
      schema: {
        tags: ['imports'],
        operationId: 'imports.list',
        summary: 'The imports made, newest first',
        description:
          "For an active admin: each import's file (name, format, SHA-256), what it brought, who sent it and who confirmed it, and where it stands.",
        ...secured,
        querystring: importsQuery,
        response: { 200: importsList, ...refused },
      },
    },
    async (request) =>
      importsPage(db, { cursor: parseCursor(request.query.cursor), limit: request.query.limit }),
  );
};
