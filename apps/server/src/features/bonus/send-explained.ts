import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ShareExplained, shareExplainedQuery } from '@jamiya/contracts/bonus';
import type { Language } from '@jamiya/contracts/languages';
import type { LoanCharge } from '@jamiya/contracts/settings';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { localDate } from '../../lib/calendar.ts';
import { requestLanguage } from '../../lib/language.ts';
import { currentUser } from '../sessions/public.ts';
import { getSettings } from '../settings/public.ts';
import { shareExplained } from './explained.ts';

/**
 * Draws the one-page PDF: the statement's PDF pool, given by the route table (the statement
 * reads the share-outs, so the bonus does not import its code back).
 */
export type DrawSharePdf = (letter: ShareLetter) => Promise<Uint8Array>;

/** "How your share was computed", as its one page says it. */
export interface ShareLetter {
  associationName: string;
  member: { name: string; uniqueId: string };
  explained: ShareExplained;
  charge: LoanCharge;
  issuedAt: Date;
  language: Language;
}

/** The file, named by the member's ID and the period's end: "share-M0012-2026-12-31.pdf". */
const shareFileName = (uniqueId: string, endsOn: string) =>
  `share-${uniqueId.replace(/[^A-Za-z0-9_-]/g, '')}-${endsOn}.pdf`;

/** The signed-in member's explanation as JSON, or sent as its one-page PDF. */
export async function sendShareExplained(
  db: DbOrTx,
  request: FastifyRequest,
  reply: FastifyReply,
  query: z.output<typeof shareExplainedQuery>,
  drawSharePdf: DrawSharePdf,
) {
  const { userId } = currentUser(request);
  const now = new Date();
  const explained = await shareExplained(db, userId, query.period, localDate(now));
  if (query.format === 'json') return explained;
  const [member] = await db
    .select({ name: users.name, uniqueId: users.uniqueId })
    .from(users)
    .where(eq(users.id, userId));
  const settings = await getSettings(db);
  const pdf = await drawSharePdf({
    associationName: settings.associationName,
    member: member!,
    explained,
    charge: settings.loanCharge,
    issuedAt: now,
    language: requestLanguage(request),
  });
  return reply
    .header(
      'Content-Disposition',
      `attachment; filename="${shareFileName(member!.uniqueId, explained.period.ends_on)}"`,
    )
    .header('Cache-Control', 'private, no-store')
    .type('application/pdf')
    .send(pdf);
}
