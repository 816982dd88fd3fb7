import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { scratchPostgres } from './scratch-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated database that each test file's own database is created from. */
    templateDatabase: string;
  }
}

// The server's tests run on PostgreSQL, the database the app runs on (decision 055): the
// server of TEST_DATABASE_URL when given (CI's), otherwise one the run starts itself, as the
// app does without DATABASE_URL. Migrating costs a second; it is done once, in a template that
// each test file's database is copied from.
export default async function setup(project: TestProject) {
  let stopServer = async () => {};
  if (!process.env.TEST_DATABASE_URL) {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'jamiya-test-pg-'));
    await fs.chmod(root, 0o755); // run as root, PostgreSQL runs as a user that must pass through
    // Thrown away at the end: nothing to keep through a crash, so nothing waits for the disk.
    const server = await startEmbeddedPostgres(path.join(root, 'postgres'), undefined, {
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
    });
    stopServer = async () => {
      await server.stop();
      await fs.rm(root, { recursive: true, force: true });
    };
    // The test workers, started after this, and the processes the tests start read it.
    process.env.TEST_DATABASE_URL = server.url;
  }
  const template = await scratchPostgres(process.env.TEST_DATABASE_URL, 'jamiya_template');
  const database = await openPostgres(template.url, 1);
  await database.close();
  project.provide('templateDatabase', template.name);
  return async () => {
    await template.drop();
    await stopServer();
  };
}
