import { randomBytes } from 'node:crypto';
import pg from 'pg';

// A database of its own on the PostgreSQL server of `adminUrl`, for one test file or one bench
// run, dropped with `drop()`. (The crash test, in plain Node, has its twin in
// scripts/crash-test/scratch-database.mjs.)

async function onServer(adminUrl: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** A new database; a copy of `template` (a database nobody is connected to) when given. */
export async function scratchPostgres(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onServer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
