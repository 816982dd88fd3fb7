import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runningPostmaster, startEmbeddedPostgres } from './embedded-postgres.ts';

// Decision 054: the embedded database is a PostgreSQL the server starts on DATA_DIR/postgres.
// (A server killed with SIGKILL leaves none running: scripts/smoke.mjs, on the built server.)

const answer = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ n: number }>('select 41 + 1 as n')).rows[0]?.n;
  } finally {
    await client.end();
  }
};

describe('the embedded PostgreSQL', () => {
  let work: string;
  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'jamiya-embedded-'));
    await fs.chmod(work, 0o755); // run as root, PostgreSQL runs as a user that must pass through
  });
  afterAll(() => fs.rm(work, { recursive: true, force: true }));

  it('is made on first start, stops, and starts again on the same folder', async () => {
    const folder = path.join(work, 'postgres');
    const first = await startEmbeddedPostgres(folder);
    expect(await answer(first.url)).toBe(42);
    expect(new URL(first.url).hostname).toBe('127.0.0.1');
    await first.stop();
    expect(await runningPostmaster(folder)).toBeUndefined();

    const again = await startEmbeddedPostgres(folder);
    try {
      expect(await answer(again.url)).toBe(42);
    } finally {
      await again.stop();
    }
  });

  it('passes on what PostgreSQL logs while it runs, and not what it says as we stop it', async () => {
    const lines: string[] = [];
    const server = await startEmbeddedPostgres(path.join(work, 'logging'), (line) =>
      lines.push(line),
    );
    // A connection still open at the stop, as a pool's can be for a moment at a shutdown.
    const open = new pg.Client({ connectionString: server.url });
    await open.connect();
    open.on('error', () => {});
    try {
      await open.query(`do $$ begin raise log 'the log reaches the app'; end $$`);
      await expect.poll(() => lines.join('\n')).toContain('the log reaches the app');
    } finally {
      await server.stop();
    }
    expect(lines.join('\n')).not.toMatch(/terminating connection|shutting down/);
  });

  it('stops a PostgreSQL left running on the folder before it starts its own', async () => {
    const folder = path.join(work, 'leftover');
    const left = await startEmbeddedPostgres(folder);
    const pid = await runningPostmaster(folder);
    expect(pid).toBeGreaterThan(0);
    const next = await startEmbeddedPostgres(folder);
    try {
      expect(await answer(next.url)).toBe(42);
      await expect(answer(left.url)).rejects.toThrow();
      expect(await runningPostmaster(folder)).not.toBe(pid);
    } finally {
      await next.stop();
      await left.stop();
    }
  });

  it.skipIf(process.getuid?.() !== 0)(
    'run as root, says so in a sentence when its user cannot reach the folder',
    async () => {
      const closed = await fs.mkdtemp(path.join(os.tmpdir(), 'jamiya-closed-'));
      try {
        await expect(startEmbeddedPostgres(path.join(closed, 'postgres'))).rejects.toThrow(
          /runs as the user jamiya, which cannot reach .*jamiya-closed-.*Choose a DATA_DIR/,
        );
      } finally {
        await fs.rm(closed, { recursive: true, force: true });
      }
    },
  );
});
