import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@jamiya/contracts/common';
import {
  entryPosted,
  entryProposed,
  entryReversed,
  handEntryFields,
  reverseEntryBody,
} from '@jamiya/contracts/accounts';
import { translate } from '../../lib/i18n.ts';
import { requestLanguage } from '../../lib/language.ts';
import { idParams, refused, refusedDecision, refusedUpload, secured } from '../../lib/route-kit.ts';
import { uploadedFile } from '../../lib/uploaded-file.ts';
import { replyProposed } from '../proposals/public.ts';
import { actorOf } from '../sessions/public.ts';
import { correctEntry } from './correct.ts';
import { postHandEntryWithEvidence } from './hand-entry.ts';

// The association's own books by hand: an entry for what never passes through the bank, and
// the correction of a mistake by reversal (docs/domain/accounts.md).

// What a call says when it waits for a second admin (202).
const ENTRY_PROPOSED = /*i18n*/ 'Proposed. A second admin must confirm before the entry is made.';
const CORRECTION_PROPOSED =
  /*i18n*/ 'Proposed. A second admin must confirm before the entry is corrected.';

export const booksAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.deps;

  app.post(
    '/journal-entries',
    {
      config: { idempotent: true },
      schema: {
        tags: ['ledger'],
        operationId: 'ledger.postHandEntry',
        summary: 'An entry by hand: what never passes through the bank statement',
        description:
          "For an active admin: `date` (today or before), `memo` and `lines` (at least two `{ account, debit | credit }` in AED), as JSON, or as a form with the lines as JSON and `evidence` (a receipt: JPEG, PNG, WebP, HEIC or PDF, checked like a member's). " +
          "Accounts: the chart's (not retired, not kept by records of their own), `cash`, `cash_box`, or a member's savings `savings:<id>`. " +
          "Lines that do not balance are 422, naming the difference. An entry that moves cash, the cash box or a member's savings needs a second admin when two are active: 202, then the same call by another admin (the evidence stays the proposal's). Money out beyond what is in hand is 409.",
        ...secured,
        consumes: ['application/json', 'multipart/form-data'],
        body: handEntryFields.extend({
          evidence: uploadedFile('The receipt', /*i18n*/ 'The evidence must be a file.').optional(),
        }),
        response: {
          201: entryPosted,
          202: entryProposed,
          ...refused,
          409: errorBody,
          ...refusedUpload,
        },
      },
    },
    async (request, reply) => {
      const { date, memo, lines, evidence } = request.body;
      const language = requestLanguage(request);
      const decision = await postHandEntryWithEvidence(
        { db, storage },
        { date, memo, lines, evidence },
        actorOf(request),
      );
      if ('proposed' in decision) return replyProposed(reply, db, decision, ENTRY_PROPOSED);
      return reply.status(201).send({
        message: translate(language, /*i18n*/ 'The entry was made.'),
        entry_id: decision.done.entryId,
      });
    },
  );

  app.post(
    '/journal-entries/:id/reverse',
    {
      config: { idempotent: true },
      schema: {
        tags: ['ledger'],
        operationId: 'ledger.reverseEntry',
        summary: 'Correct a mistake: reverse an entry, with a reason; the original stays',
        description:
          'For an active admin: `reason_code` (wrong_member, wrong_month, wrong_amount, duplicate, wrong_account, other) and `reason`. A new entry negating the original, dated today. ' +
          'An approved due becomes `reversed` and its month is open again; the latest repayment of a loan still being repaid is taken back from its installments; a booking or an entry by hand is undone; the bank line it was linked to is open again. The member is told, in their language. ' +
          "Two admins when two are active (202, then the same call by another admin). A correction, an entry already corrected, or a kind corrected by its own action is 409; the admin's own money is 403.",
        ...secured,
        params: idParams,
        body: reverseEntryBody,
        response: {
          200: entryReversed,
          202: entryProposed,
          ...refusedDecision,
        },
      },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const decision = await correctEntry(
        db,
        request.params.id,
        request.body,
        actorOf(request),
        new Date(),
      );
      if ('proposed' in decision) return replyProposed(reply, db, decision, CORRECTION_PROPOSED);
      const { entryId, reversalId, paymentId, lineId } = decision.done;
      return {
        message: translate(
          language,
          paymentId !== null
            ? /*i18n*/ 'The payment was corrected: its month is open again, and the member is told.'
            : /*i18n*/ 'The entry was corrected.',
        ),
        entry_id: entryId,
        reversal_entry_id: reversalId,
        payment_id: paymentId,
        line_id: lineId,
      };
    },
  );
};
