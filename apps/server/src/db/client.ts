import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type ExtractTablesWithRelations, type SQL, type SQLWrapper } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTable, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import pRetry from 'p-retry';
import { isRetryableConflict } from './db-errors.ts';
import { useNamedStatements } from './pglite-named-statements.ts';
import * as auditTables from './schema/audit.ts';
import * as authTables from './schema/auth.ts';
import * as bankTables from './schema/bank.ts';
import * as bonusTables from './schema/bonus.ts';
import * as exitsTables from './schema/exits.ts';
import * as filesTables from './schema/files.ts';
import * as idempotencyTables from './schema/idempotency.ts';
import * as importsTables from './schema/imports.ts';
import * as ledgerTables from './schema/ledger.ts';
import * as loansTables from './schema/loans.ts';
import * as membershipTables from './schema/membership.ts';
import * as messagesTables from './schema/messages.ts';
import * as notificationsTables from './schema/notifications.ts';
import * as paymentsTables from './schema/payments.ts';
import * as proposalsTables from './schema/proposals.ts';
import * as rechargeTables from './schema/recharge.ts';
import * as sessionsTables from './schema/sessions.ts';
import * as settingsTables from './schema/settings.ts';
import * as usersTables from './schema/users.ts';
import * as yearTables from './schema/year.ts';

// Each feature's tables, in the schema file named after it.
export const schema = {
  ...auditTables,
  ...authTables,
  ...bankTables,
  ...bonusTables,
  ...exitsTables,
  ...filesTables,
  ...idempotencyTables,
  ...importsTables,
  ...ledgerTables,
  ...loansTables,
  ...membershipTables,
  ...messagesTables,
  ...notificationsTables,
  ...paymentsTables,
  ...proposalsTables,
  ...rechargeTables,
  ...sessionsTables,
  ...settingsTables,
  ...usersTables,
  ...yearTables,
};
type Schema = typeof schema;

export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: services accept both. */
export type DbOrTx = Db | Tx;

/** The rows of a statement written as SQL (db.execute answers them untyped, driver by driver). */
export const rowsOf = async <T>(db: DbOrTx, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Fresh statistics for `tables` after one write added many rows. Until autovacuum comes (a
 * minute or more; never, where it is off), the planner plans for the rows the tables had: a
 * 45,000-line statement's page, opened right after its import, took 199 s (docs/performance.md).
 */
export async function refreshStatistics(db: Db, tables: readonly PgTable[]): Promise<void> {
  await db.execute(sql`analyze ${sql.join([...tables], sql`, `)}`);
}

/** `column` is one of `ids`, bound as one parameter: thousands bound one by one took 50–150 ms. */
export const amongIds = (column: SQLWrapper, ids: readonly number[]): SQL =>
  sql`${column} = any(string_to_array(${ids.join(',')}, ',')::bigint[])`;

export interface Database {
  db: Db;
  // embedded: PostgreSQL run by this process on DATA_DIR (decision 054); pglite: the tests'.
  kind: 'pglite' | 'postgres' | 'embedded';
  /** Runs `fn` while no other process runs its start-up steps on this database. */
  exclusively<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// Any constant: the key of the start-up steps' advisory lock (per database).
const START_UP_LOCK = 25_025_025;

// The migrations folder sits beside package.json; find it from this module's location so
// that both the sources (src/db) and the bundle (dist) find it, whatever the working directory.
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'migrations');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Cannot find the migrations folder next to the server package.');
}

// PGlite turns a bytea to and from its hex text one byte at a time (arrays and parseInt): about
// 20 ms each way for a receipt of 300 KB. Node's hex codec takes a fraction of a millisecond.
const BYTEA = 17;
const byteaAsHex = {
  serializers: {
    [BYTEA]: (v: Uint8Array) =>
      `\\x${Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex')}`,
  },
  parsers: { [BYTEA]: (v: string) => Buffer.from(v.slice(2), 'hex') },
};

/** PGlite as the app needs it: bytea by Node's codec, and pg_trgm (migration 0036). */
export const createPglite = (dataDir?: string) =>
  PGlite.create(dataDir, { ...byteaAsHex, extensions: { pg_trgm } });

export async function openPglite(dataDir: string | undefined): Promise<Database> {
  const client = await createPglite(dataDir);
  useNamedStatements(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
  // One process per folder (open-database.ts locks it): nobody to wait for.
  return { db, kind: 'pglite', exclusively: (fn) => fn(), close: () => client.close() };
}

/**
 * Runs a transaction again, from its start, when PostgreSQL aborted it as a deadlock victim or
 * for a serialisation failure: the other side has then finished, and the second run sees what it
 * wrote (and answers 409 if the row moved on). Locks are taken in one order where it is known
 * (a loan before its proposals); this covers the orders nobody foresaw. Only the outermost
 * transaction: a savepoint cannot be run again on its own. PGlite runs one query at a time.
 */
function retryingConflicts(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) =>
    pRetry(() => transaction(run, config), {
      retries: 4,
      minTimeout: 5,
      maxTimeout: 100,
      randomize: true,
      shouldRetry: ({ error }) => isRetryableConflict(error),
    })) as Db['transaction'];
  return db;
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // So that pg_stat_activity tells the app's connections from the rest.
    application_name: 'jamiya',
  });
  // An idle connection dropped by the server (restart, failover, timeout) must not crash
  // the process; the pool replaces it on the next query.
  pool.on('error', (err) => {
    process.emitWarning(`PostgreSQL connection lost: ${err.message}`);
  });
  // pool.end() resolves once it has told its connections to close, not once they have: a
  // database dropped or stopped right after ended them first, each a "connection lost". A set,
  // as a connection failing while it ends may be removed twice; and 5 s at most, as a server
  // gone away may never answer.
  const open = new Set<pg.PoolClient>();
  let allEnded = () => {};
  pool.on('connect', (client) => open.add(client));
  pool.on('remove', (client) => {
    open.delete(client);
    if (open.size === 0) allEnded();
  });
  const close = async () => {
    const ended = new Promise<void>((resolve) => {
      allEnded = resolve;
      if (open.size === 0) resolve();
      setTimeout(resolve, 5_000).unref();
    });
    await pool.end();
    await ended;
  };
  const db = retryingConflicts(drizzleNodePg(pool, { schema }) as unknown as Db);
  // Processes started at once (a deploy) would each apply the same migrations and fail on
  // each other's tables: one at a time, under a lock held by a connection of its own.
  async function exclusively<T>(fn: () => Promise<T>): Promise<T> {
    const lock = new pg.Client({ connectionString: url });
    await lock.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [START_UP_LOCK]);
      return await fn();
    } finally {
      await lock.end(); // the session's end frees the lock, even after a failed unlock
    }
  }
  await exclusively(() => migrateNodePg(db as never, { migrationsFolder: migrationsFolder() }));
  return { db, kind: 'postgres', exclusively, close };
}
