// Until decision 054 the embedded database was PGlite, in DATA_DIR/pglite. Its first start on
// PostgreSQL copies every row into the new folder in one transaction, checks that each table
// has as many rows on both sides, and only then puts the new folder in place; the PGlite
// folder is kept, renamed, for the operator to remove. A failed copy leaves PGlite's rows as
// they were (its schema brought to the newest migration first) and is tried again at the next
// start.
import fs from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, openPostgres, rowsOf } from './client.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function moveFromPglite(
  pgliteFolder: string,
  folder: string,
  log: (line: string) => void = () => {},
): Promise<void> {
  const building = `${folder}.building`;
  await fs.rm(building, { recursive: true, force: true });
  // Both sides at the newest migration: the same tables, with the same columns in one order.
  const source = await openPglite(pgliteFolder);
  const target = await startEmbeddedPostgres(building, log);
  try {
    const migrated = await openPostgres(target.url, 1);
    await migrated.close();
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      await client.query('begin');
      // Rows arrive table by table: foreign keys are checked by no trigger while they do.
      await client.query('set local session_replication_role = replica');
      const tables = await tablesOf(client);
      // Rows a migration wrote are in PGlite too. One statement: a table emptied with its
      // dependants after they were copied would lose them.
      await client.query(`truncate ${tables.map(quote).join(', ')}`);
      for (const table of tables) {
        const copied = await copyTable(source.db, client, table);
        const { rows } = await client.query<{ n: number }>(
          `select count(*)::int as n from ${quote(table)}`,
        );
        if (rows[0]?.n !== copied)
          throw new Error(`${table}: ${copied} rows in PGlite, ${rows[0]?.n} copied`);
      }
      const sequences = await rowsOf<{ name: string; value: string | null }>(
        source.db,
        sql.raw(
          `select schemaname || '.' || sequencename as name, last_value::text as value
             from pg_sequences where schemaname = 'public'`,
        ),
      );
      for (const s of sequences)
        if (s.value !== null)
          await client.query('select setval($1::regclass, $2::bigint)', [s.name, s.value]);
      await client.query('commit');
      log(`copied ${tables.length} tables from ${pgliteFolder}`);
    } finally {
      await client.end();
    }
  } finally {
    await target.stop();
    await source.close();
  }
  await fs.rename(building, folder);
  await fs.rename(pgliteFolder, `${pgliteFolder}.moved-to-postgres`);
}

async function tablesOf(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => r.name);
}

type Source = Awaited<ReturnType<typeof openPglite>>['db'];

// Through a cursor, in batches: a table of receipts is read a few rows at a time. Each row goes
// as JSON, which keeps every value exact (timestamps to the microsecond, bytea as hex).
async function copyTable(source: Source, client: pg.Client, table: string): Promise<number> {
  const binary = await rowsOf<{ n: number }>(
    source,
    sql`select count(*)::int as n from information_schema.columns
         where table_schema = 'public' and table_name = ${table} and data_type = 'bytea'`,
  );
  const batch = (binary[0]?.n ?? 0) > 0 ? 20 : 2_000;
  let copied = 0;
  await source.transaction(async (tx) => {
    await tx.execute(
      sql.raw(`declare rows_of cursor for select row_to_json(t)::text as j from ${quote(table)} t`),
    );
    for (;;) {
      const rows = await rowsOf<{ j: string }>(tx, sql.raw(`fetch ${batch} from rows_of`));
      if (rows.length === 0) break;
      await client.query(
        `insert into ${quote(table)} overriding system value
           select * from json_populate_recordset(null::${quote(table)}, $1::json)`,
        [`[${rows.map((r) => r.j).join(',')}]`],
      );
      copied += rows.length;
    }
    await tx.execute(sql.raw('close rows_of'));
  });
  return copied;
}
