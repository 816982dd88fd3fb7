import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { statementQuery } from '@jamiya/contracts/statement';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/language.ts';
import { getSettings } from '../settings/public.ts';
import { statementPdfInPool } from './pdf-pool.ts';
import { statementForPeriod } from './statement-query.ts';
import { statementCsv, statementFileName, toStatementView } from './statement-view.ts';

type StatementQuery = z.output<typeof statementQuery>;

/**
 * A member's statement in the format the query asks for: JSON is returned, a CSV or PDF file is
 * sent (404 for no such member).
 */
export async function sendStatement(
  db: DbOrTx,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  query: StatementQuery,
) {
  const [user] = await db
    .select({ name: users.name, uniqueId: users.uniqueId })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound(/*i18n*/ 'There is no such member.');
  const now = new Date();
  const kind = query.kind || null;
  const period = await statementForPeriod(
    db,
    userId,
    { from: query.from || undefined, to: query.to || undefined, kind: kind ?? undefined },
    now,
  );
  const settings = await getSettings(db);
  const subject = {
    associationName: settings.associationName,
    charge: settings.loanCharge,
    member: user,
    kind,
    period,
  };
  const language = requestLanguage(request);
  if (query.format === 'json') return toStatementView(subject, language);
  const fileName = statementFileName(user.uniqueId, period, query.format);
  reply
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'private, no-store');
  // With a byte order mark, Excel reads the file as UTF-8 (Arabic headers, typed names).
  if (query.format === 'csv')
    return reply
      .type('text/csv; charset=utf-8')
      .send(`\ufeff${statementCsv(period.lines, { language, charge: subject.charge })}`);
  const pdf = await statementPdfInPool({ ...subject, issuedAt: now, language });
  return reply.type('application/pdf').send(pdf);
}
