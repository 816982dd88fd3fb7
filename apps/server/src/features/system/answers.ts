import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isLanguage, type Language } from '@jamiya/contracts/languages';
import type { PublicSettings } from '@jamiya/contracts/settings';
import type { Db } from '../../db/client.ts';
import { requestLanguage } from '../../lib/language.ts';
import { bearerToken, findSession, type SessionPolicy } from '../sessions/public.ts';
import { getSettings, toPublicSettings } from '../settings/public.ts';

// What the public system calls answer: the health check and the association's public settings.

/** The server runs and its database answers a query; a database that fails it fails the check. */
export async function healthAnswer(db: Db): Promise<{ status: 'ok' }> {
  await db.execute(sql`select 1`);
  return { status: 'ok' };
}

/**
 * The language a public answer is read in: the request's (the web app's choice, the browser's
 * Accept-Language), else the signed-in member's profile, else English.
 */
async function readerLanguage(
  deps: { db: Db; sessionPolicy: SessionPolicy },
  request: FastifyRequest,
): Promise<Language> {
  if (request.headers['accept-language'] || /(^|;\s*)lang=/.test(request.headers.cookie ?? ''))
    return requestLanguage(request);
  const token = bearerToken(request);
  const session = token ? await findSession(deps.db, token, deps.sessionPolicy, new Date()) : null;
  const language = session?.user.language;
  return isLanguage(language) ? language : 'en';
}

/** The association's public settings, in the reader's language where the treasurer wrote it. */
export async function publicSettingsAnswer(
  deps: { db: Db; sessionPolicy: SessionPolicy },
  request: FastifyRequest,
): Promise<PublicSettings> {
  return toPublicSettings(await getSettings(deps.db), await readerLanguage(deps, request));
}
