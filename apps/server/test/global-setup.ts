import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

// Creating a PGlite database costs seconds; create one migrated template per run and let
// each test file copy its folder.
export default async function setup(project: TestProject) {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'jamiya-test-'));
  const template = path.join(root, 'template');
  if (!process.env.TEST_DATABASE_URL) {
    const database = await openPglite(template);
    await database.close();
  }
  project.provide('pgliteTemplate', template);
  return async () => {
    await fs.rm(root, { recursive: true, force: true });
  };
}
