// The figures of a run, as printed and as kept in --out: latencies by kind and by minute, the
// schedule kept, and the server's memory over the run with the verdict on a leak.
import os from 'node:os';
import type { People } from './people.ts';
import type { Stats } from './schedule.ts';
import type { Sample } from './server.ts';
import type { Settings } from './settings.ts';

/** Least-squares slope of y over t (seconds), in units a minute. */
function slopePerMinute(points: Array<{ t: number; y: number }>): number {
  if (points.length < 2) return 0;
  const n = points.length;
  const mt = points.reduce((s, p) => s + p.t, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.t - mt) * (p.y - my);
    den += (p.t - mt) ** 2;
  }
  return den ? (num / den) * 60 : 0;
}

export const f1 = (x: number) => x.toFixed(1);
export const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;
export function quantile(sorted: number[], q: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

const round = (x: number, digits = 1) => Number(x.toFixed(digits));
const sortedCopy = (xs: number[]) => [...xs].sort((a, b) => a - b);
export const total = (xs: Iterable<number>) => [...xs].reduce((s, n) => s + n, 0);

export function summarize(
  settings: Settings,
  run: {
    kind: string;
    userCount: number;
    people: People;
    stats: Stats;
    samples: Sample[];
    elapsedMs: number;
    startedAt: Date;
    serverCpuPercent: number | null;
    load: [number, number];
  },
) {
  const { stats, samples } = run;
  const kinds = [...stats.latencies.entries()]
    .map(([kind, list]) => {
      const sorted = sortedCopy(list);
      return {
        kind,
        count: list.length,
        p50: round(quantile(sorted, 0.5)),
        p99: round(quantile(sorted, 0.99)),
        max: round(sorted.at(-1) ?? 0),
      };
    })
    .sort((a, b) => b.count - a.count);
  const all = sortedCopy([...stats.latencies.values()].flat());
  const warm = samples.find((s) => s.t >= settings.warmupS) ?? samples.at(-1)!;
  const end = samples.at(-1)!;
  const after = samples.filter((s) => s.t >= settings.warmupS);
  const slope = slopePerMinute(after.map((s) => ({ t: s.t, y: s.rssMb })));
  const heapSlope = slopePerMinute(
    after.flatMap((s) => (s.heapMb === null ? [] : [{ t: s.t, y: s.heapMb }])),
  );
  // Informative only: a creep that a garbage collection early in the run would hide.
  const secondHalf = samples.filter((s) => s.t >= end.t / 2);
  const lateSlope = slopePerMinute(secondHalf.map((s) => ({ t: s.t, y: s.rssMb })));
  const growth = (end.rssMb - warm.rssMb) / warm.rssMb;
  const leaking = growth > settings.maxGrowthPercent / 100 && slope > settings.maxSlope;
  const achieved = (stats.done * 1000) / run.elapsedMs;
  const errors = total(stats.errors.values());
  return {
    date: run.startedAt.toISOString(),
    database: run.kind,
    users: run.userCount,
    members: run.people.members.length,
    minutes: round(run.elapsedMs / 60_000, 2),
    targetRate: settings.rate,
    achievedRate: round(achieved, 2),
    seed: settings.seed,
    requests: stats.done,
    approvals: run.people.approvals,
    serverCpuPercent: run.serverCpuPercent === null ? null : Math.round(run.serverCpuPercent),
    loadAverage: {
      start: round(run.load[0], 2),
      end: round(run.load[1], 2),
      cores: os.cpus().length,
    },
    kinds,
    p50: round(quantile(all, 0.5)),
    p99: round(quantile(all, 0.99)),
    max: round(all.at(-1) ?? 0),
    p99ByMinute: stats.perMinute.map((m) => round(quantile(sortedCopy(m), 0.99))),
    errorCount: errors,
    errors: Object.fromEntries(stats.errors),
    errorSamples: stats.errorSamples,
    schedule: {
      late: stats.lateCount,
      capWaits: stats.capWaits,
      skipped: stats.skipped,
      maxLagMs: Math.round(stats.maxLagMs),
      fellBehind:
        achieved < settings.rate * 0.98 || stats.lateCount > stats.sent * 0.01 || stats.skipped > 0,
    },
    memory: {
      warmupSeconds: Math.round(warm.t),
      rssStartMb: round(samples[0]!.rssMb),
      rssWarmMb: round(warm.rssMb),
      rssEndMb: round(end.rssMb),
      growthPercent: round(growth * 100),
      slopeMbPerMinute: round(slope, 3),
      heapSlopeMbPerMinute: round(heapSlope, 3),
      secondHalfSlopeMbPerMinute: round(lateSlope, 3),
      leaking,
      samples: samples.map((s) => [
        Math.round(s.t),
        round(s.rssMb),
        s.heapMb === null ? null : round(s.heapMb),
      ]),
    },
    passed: errors === 0 && !leaking,
  };
}
