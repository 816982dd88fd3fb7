// The server under test: the sources through tsx with NODE_ENV=production and the per-member
// limits raised, its log watched for errors, its memory and CPU read from /proc, and its stop.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { field } from './field.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Loaded into the server beside tsx: sends its heap figures to this process every 5 s over
// the IPC channel, without keeping the server alive or failing it when this process is gone.
const HEAP_PROBE =
  'data:text/javascript,' +
  encodeURIComponent(
    `if (process.send) { process.channel?.unref();
      setInterval(() => { if (!process.connected) return; const m = process.memoryUsage();
        process.send({ heapUsed: m.heapUsed, external: m.external }, undefined, undefined, () => {});
      }, 5000).unref(); }`,
  );

export interface ServerProcess {
  child: ChildProcess;
  heapMb: number | null;
  logErrors: string[];
  logWarnings: number;
  output: string[];
}

export function startServer(
  env: NodeJS.ProcessEnv,
  port: number,
  jobSeconds: string,
): ServerProcess {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', HEAP_PROBE, 'apps/server/src/server.ts'],
    {
      cwd: root,
      env: {
        ...env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DEMO_SEED: '0',
        NOTIFICATION_JOB_SECONDS: jobSeconds,
        // Minutes of the soak are weeks of a member's use: the per-member rates would refuse it.
        UPLOADS_PER_HOUR: '100000',
        UPLOAD_MB_PER_DAY: '100000',
        UPLOAD_MB_TOTAL: '100000',
        MESSAGES_PER_HOUR: '100000',
        RECHARGES_PER_DAY: '100000',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  const server: ServerProcess = { child, heapMb: null, logErrors: [], logWarnings: 0, output: [] };
  child.on('message', (m: unknown) => {
    const heapUsed = Number(field(m, 'heapUsed'));
    if (Number.isFinite(heapUsed)) server.heapMb = heapUsed / 1048576;
  });
  const onLine = (line: string) => {
    if (!line.trim()) return;
    server.output.push(line);
    if (server.output.length > 200) server.output.shift();
    let level = 0;
    try {
      level = Number(field(JSON.parse(line), 'level'));
    } catch {
      level = 0;
    }
    if (level >= 50) server.logErrors.push(line.slice(0, 600));
    else if (level >= 40) server.logWarnings++;
  };
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.on('data', (d: Buffer) => {
      const lines = (rest + d.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      lines.forEach(onLine);
    });
  }
  return server;
}

export async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error('/api/health did not answer within 2 minutes');
}

/** SIGTERM, then SIGKILL after 15 s; the exit code or signal. */
export async function stopServer(child: ChildProcess): Promise<number | string> {
  if (child.exitCode !== null || child.signalCode !== null)
    return child.exitCode ?? child.signalCode!;
  const exited = new Promise<number | string>((r) =>
    child.once('exit', (code, signal) => r(code ?? signal ?? -1)),
  );
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  const result = await exited;
  clearTimeout(timer);
  return result;
}

function rssMb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** User + system CPU seconds of a process (clock ticks of 1/100 s on Linux). */
export function cpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** The server's memory, `t` seconds into the load. */
export interface Sample {
  t: number;
  rssMb: number;
  heapMb: number | null;
}

/** Samples the server's memory now and every 5 s; stop() takes a last sample and ends. */
export function sampleMemory(server: ServerProcess, samples: Sample[]): { stop(): void } {
  const pid = server.child.pid!;
  const loadStart = performance.now();
  const sample = () => {
    const rss = rssMb(pid);
    if (rss !== null)
      samples.push({
        t: (performance.now() - loadStart) / 1000,
        rssMb: rss,
        heapMb: server.heapMb,
      });
  };
  sample();
  const sampler = setInterval(sample, 5_000);
  return {
    stop() {
      clearInterval(sampler);
      sample();
    },
  };
}
