// The server under test: the built one (rebuilt first when a source file is newer) or the
// sources through tsx, started, watched until it says it runs, its output kept.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fromSource, log, root } from './options.mjs';

export function serverCommand() {
  if (fromSource) {
    // One process (not the tsx CLI, which forks a child a SIGKILL would leave running).
    return [process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')]];
  }
  const dist = path.join(root, 'apps/server/dist/server.js');
  if (
    !existsSync(dist) ||
    newestSource(path.join(root, 'apps/server/src')) > statSync(dist).mtimeMs
  ) {
    log('# building the server (npm run build -w @jamiya/server)');
    const r = spawnSync('npm', ['run', 'build', '-w', '@jamiya/server'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error('the server build failed');
  }
  return [process.execPath, [dist]];
}

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(p) : statSync(p).mtimeMs);
  }
  return newest;
}

export function startServer(command, env) {
  const child = spawn(command[0], command[1], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.output = '';
  child.stdout.on('data', (d) => (child.output += d));
  child.stderr.on('data', (d) => (child.output += d));
  child.exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  );
  return child;
}

export async function waitUntilRunning(child, ms = 90_000) {
  const until = Date.now() + ms;
  while (!child.output.includes('Jamiya is running at')) {
    if (Date.now() > until) throw new Error(`the server did not start:\n${child.output}`);
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited while starting:\n${child.output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
