import type { Db } from './client.ts';
import { namedStatementsOf } from './pglite-named-statements.ts';

interface Prepared {
  getQuery(): { sql: string };
}

/**
 * A statement prepared once per database handle, for the hot paths: drizzle builds its SQL
 * once, and the database parses and plans it once per connection (on PostgreSQL a named
 * statement of the driver; on PGlite one of db/pglite-named-statements.ts). Its values come
 * as placeholders (`sql.placeholder`) at execute(). Not for transactions: it runs on the
 * handle it was prepared on.
 */
export function preparedPer<P extends Prepared>(prepare: (db: Db) => P): (db: Db) => P {
  const byDb = new WeakMap<Db, P>();
  return (db) => {
    let prepared = byDb.get(db);
    if (!prepared) {
      prepared = prepare(db);
      namedStatementsOf((db as { $client?: unknown }).$client)?.register(prepared.getQuery().sql);
      byDb.set(db, prepared);
    }
    return prepared;
  };
}
