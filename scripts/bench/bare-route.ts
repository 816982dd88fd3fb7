// The floor to compare the app with, served by `bench --serve-bare` in a process of its own:
// a bare Fastify route doing one primary-key select, plain and as a prepared statement.
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/open-database.ts';
import { users } from '../../apps/server/src/db/schema/users.ts';
import { preparedPer } from '../../apps/server/src/db/prepared.ts';

/** The comparison: one primary-key select per request, nothing else. */
export async function serveBare(env: NodeJS.ProcessEnv, port: number): Promise<void> {
  const database = await openDatabase(loadConfig(env));
  const app = Fastify({ logger: false });
  app.get<{ Params: { id: string } }>('/bare/:id', async (request, reply) => {
    const [row] = await database.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(users.id, Number(request.params.id)));
    if (!row) return reply.code(404).send({ code: 'not_found' });
    return row;
  });
  // The same select as a prepared statement, as the app's hot paths send theirs
  // (db/prepared.ts: a named statement on PostgreSQL and on PGlite): the stricter comparison.
  const prepared = preparedPer((db) =>
    db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare('bare_by_id'),
  )(database.db);
  app.get<{ Params: { id: string } }>('/bare-prepared/:id', async (request, reply) => {
    const [row] = await prepared.execute({ id: Number(request.params.id) });
    if (!row) return reply.code(404).send({ code: 'not_found' });
    return row;
  });
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  await app.listen({ port, host: '127.0.0.1' });
  console.log('bare route listening');
}
