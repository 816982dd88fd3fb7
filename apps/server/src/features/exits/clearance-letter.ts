// The clearance letter of a member who left, as a PDF answer: its schema and its sending.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { Exit } from '../../db/schema/exits.ts';
import { conflict } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/language.ts';
import { recoveredFromGuarantorSince } from '../loans/public.ts';
import { getSettings } from '../settings/public.ts';
import { clearanceFileName, clearanceLetterPdfInPool } from '../statement/public.ts';
import { memberOf } from './views.ts';
import { exitById, latestExitOf } from './request.ts';

export const pdfAnswer = {
  description: 'The clearance letter, a PDF in the reader’s language.',
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
};

/**
 * The clearance letter of a closed exit, as a PDF answer in the reader's language: the member's
 * latest exit, or one exit by its id for an admin (404 when there is none).
 */
export async function sendLetter(
  db: DbOrTx,
  of: { memberId: number } | { exitId: number },
  request: Parameters<typeof requestLanguage>[0],
  reply: FastifyReply,
) {
  const exit: Exit | undefined =
    'exitId' in of ? await exitById(db, of.exitId) : await latestExitOf(db, of.memberId);
  if (!exit || exit.state !== 'closed')
    throw conflict(/*i18n*/ 'The clearance letter is ready once the payout is complete.');
  const user = await memberOf(db, exit.userId);
  const settings = await getSettings(db);
  const pdf = await clearanceLetterPdfInPool({
    associationName: settings.associationName,
    member: { name: user.name, uniqueId: user.uniqueId },
    joinedOn: user.joinedOn,
    leftOn: user.leftOn ?? exit.leaveOn,
    savingsFils: exit.savingsFils ?? 0,
    shareOutFils: exit.shareOutFils ?? 0,
    loanRepaidFils: exit.loanRepaidFils ?? 0,
    finesPaidFils: exit.finesPaidFils ?? 0,
    guaranteesTakenFils: exit.settledAt
      ? await recoveredFromGuarantorSince(db, exit.userId, exit.settledAt)
      : 0,
    paidOutFils: exit.paidOutFils,
    payTo: exit.payTo,
    issuedAt: exit.closedAt ?? new Date(),
    language: requestLanguage(request),
  });
  return reply
    .header('Content-Disposition', `attachment; filename="${clearanceFileName(user.uniqueId)}"`)
    .header('Cache-Control', 'private, no-store')
    .type('application/pdf')
    .send(pdf);
}
