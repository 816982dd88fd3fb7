import type { Db } from '../db/client.ts';

/**
 * A statement prepared once per database handle, for the hot paths: drizzle builds its SQL
 * once, and the named statement lets PostgreSQL parse and plan it once per connection. Its
 * values come as placeholders (`sql.placeholder`) at execute(). Not for transactions: it
 * runs on the handle it was prepared on.
 */
export function preparedPer<P>(prepare: (db: Db) => P): (db: Db) => P {
  const byDb = new WeakMap<Db, P>();
  return (db) => {
    let prepared = byDb.get(db);
    if (!prepared) {
      prepared = prepare(db);
      byDb.set(db, prepared);
    }
    return prepared;
  };
}
