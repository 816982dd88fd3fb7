// The load, with autocannon: a warm-up, then the figures of one route; and the median of
// each figure over the rounds.
import { createRequire } from 'node:module';

// autocannon ships no types; the part used here.
interface AutocannonResult {
  requests: { average: number };
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
  const r = await autocannon({ ...options, duration: settings.durationSeconds });
  return {
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
  }));
}
