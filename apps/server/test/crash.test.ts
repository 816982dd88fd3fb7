// Issue 6, point 6, the short version: scripts/crash-test.mjs for two rounds, from the sources
// (no build), on the embedded PostgreSQL as `npm start` runs it. The long version is
// `npm run test:crash -- --rounds 20 [--pg]`.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

it('keeps every acknowledged write, its file and balanced books across SIGKILLs', async () => {
  const args = ['scripts/crash-test.mjs', '--rounds', '2', '--members', '3', '--source'];
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    // Past the time limit, stop it (it takes its server down) rather than leave it running.
    const limit = setTimeout(() => child.kill('SIGTERM'), 170_000);
    child.on('exit', (c) => {
      clearTimeout(limit);
      resolve({ code: c, output });
    });
  });
  expect(output, output).toMatch(/# 2 passed, 0 failed/);
  expect(code, output).toBe(0);
}, 180_000);
