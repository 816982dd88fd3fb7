// The load, with autocannon: a warm-up, then the figures of one route; and the median of
// each figure over the rounds.
import { createRequire } from 'node:module';

// autocannon ships no types; the part used here.
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: Record<string, unknown>,
) => Promise<AutocannonResult>;

export interface Figures {
  target: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** CPU µs per answered request, by meter (the app process, the PostgreSQL server). */
  cpuUs?: Record<string, number>;
}

/** The load on each route: autocannon's connections, and the seconds of warm-up and of measure. */
export interface LoadSettings {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

export async function load(
  settings: LoadSettings,
  target: string,
  base: string,
  paths: string[],
  headers: Array<Record<string, string>>,
  /** CPU seconds so far of each process to measure (bench/cpu.ts). */
  meters: Record<string, () => number> = {},
): Promise<Figures> {
  let i = 0;
  const options = {
    url: base,
    connections: settings.connections,
    requests: [
      {
        method: 'GET' as const,
        setupRequest: (req: Record<string, unknown>) => {
          const n = i++;
          return {
            ...req,
            path: paths[n % paths.length],
            headers: { ...(req.headers as object), ...headers[n % headers.length] },
          };
        },
      },
    ],
  };
  // Warm up (JIT, caches, the database's buffers), then measure.
  await autocannon({ ...options, duration: settings.warmupSeconds });
  const before = Object.entries(meters).map(([name, cpu]) => [name, cpu()] as const);
  const r = await autocannon({ ...options, duration: settings.durationSeconds });
  const cpuUs = Object.fromEntries(
    before.map(([name, at]) => [
      name,
      Math.round(((meters[name]!() - at) / r.requests.total) * 1e6),
    ]),
  );
  return {
    ...(before.length ? { cpuUs } : {}),
    target,
    requestsPerSecond: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** Each route's median over the rounds (the machine's load drifts); failures are summed. */
export function medianOfRounds(rounds: Figures[][]): Figures[] {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return rounds[0]!.map((first, i) => ({
    target: first.target,
    requestsPerSecond: median(rounds.map((r) => r[i]!.requestsPerSecond)),
    p50: median(rounds.map((r) => r[i]!.p50)),
    p99: median(rounds.map((r) => r[i]!.p99)),
    non2xx: rounds.reduce((s, r) => s + r[i]!.non2xx, 0),
    errors: rounds.reduce((s, r) => s + r[i]!.errors, 0),
    ...(first.cpuUs
      ? {
          cpuUs: Object.fromEntries(
            Object.keys(first.cpuUs).map((k) => [k, median(rounds.map((r) => r[i]!.cpuUs![k]!))]),
          ),
        }
      : {}),
  }));
}
