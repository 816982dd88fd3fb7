// Plain SQL for the bulk writes: literals, multi-row INSERTs, and the driver under Drizzle
// (pg.Pool or PGlite) with a transaction of its own on each.
import type { Database } from '../../apps/server/src/db/client.ts';

export type Row = Array<string | number | boolean | null>;
export type Query = (text: string) => Promise<Array<Record<string, unknown>>>;

function lit(v: string | number | boolean | null): string {
  if (v === null) return 'null';
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v)) throw new Error(`not an integer: ${v}`);
    return String(v);
  }
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return `'${v.replaceAll("'", "''")}'`;
}

/** Multi-row INSERTs of at most 1,000 rows each. */
export async function insertRows(q: Query, table: string, columns: string[], rows: Row[]) {
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    if (!chunk.length) break;
    await q(
      `insert into ${table} (${columns.join(', ')}) values ` +
        chunk.map((r) => `(${r.map(lit).join(', ')})`).join(',\n'),
    );
  }
}

/** The driver itself (pg.Pool or PGlite) for plain multi-row SQL, and a transaction on it. */
export function plainSql(database: Database) {
  const client = (database.db as unknown as { $client: unknown }).$client;
  const query: Query = async (text) => {
    const res = await (
      client as { query(t: string): Promise<{ rows: Array<Record<string, unknown>> }> }
    ).query(text);
    return res.rows;
  };
  async function transaction(fn: (q: Query) => Promise<void>) {
    if (database.kind !== 'pglite') {
      const pool = client as {
        connect(): Promise<{
          query(t: string): Promise<{ rows: Array<Record<string, unknown>> }>;
          release(): void;
        }>;
      };
      const c = await pool.connect();
      try {
        await c.query('begin');
        await fn(async (t) => (await c.query(t)).rows);
        await c.query('commit');
      } catch (err) {
        await c.query('rollback');
        throw err;
      } finally {
        c.release();
      }
    } else {
      const pglite = client as {
        transaction(
          f: (tx: {
            query(t: string): Promise<{ rows: Array<Record<string, unknown>> }>;
          }) => Promise<void>,
        ): Promise<void>;
      };
      await pglite.transaction((tx) => fn(async (t) => (await tx.query(t)).rows));
    }
  }
  return { query, transaction };
}
