// Sessions for a sample of members, made directly in the database: sign-in throttling
// (rightly) stops a few hundred sign-ins from one address.
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/open-database.ts';
import { users } from '../../apps/server/src/db/schema/users.ts';
import { createSession } from '../../apps/server/src/features/sessions/sessions.ts';

/** The members signed in (`count` of them, at random), their tokens, and the user count. */
export async function memberSessions(env: NodeJS.ProcessEnv, count: number) {
  const database = await openDatabase(loadConfig(env));
  const config = loadConfig(env);
  const sample = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'member'))
    .orderBy(sql`random()`)
    .limit(count);
  const [{ members } = { members: 0 }] = await database.db
    .select({ members: sql<number>`count(*)::int` })
    .from(users);
  const tokens: string[] = [];
  const now = new Date();
  for (const u of sample) {
    const { token } = await createSession(
      database.db,
      u.id,
      { ttlMs: config.sessionTtlMs, idleMs: config.sessionIdleMs },
      now,
      { ip: '127.0.0.1', userAgent: 'bench' },
    );
    tokens.push(token);
  }
  await database.close();
  if (!tokens.length) throw new Error('no members in this database: run npm run seed:scale first');
  return { sample, members, tokens };
}
