// What the soak prints: a progress line now and then while it runs; at the end the table of
// latencies, stalls, the schedule, errors, and the chart of the server's memory.
import { clock, f1, quantile, total, type summarize } from './figures.ts';
import type { Stats } from './schedule.ts';
import type { Sample } from './server.ts';
import type { Settings } from './settings.ts';

export function printReport(
  settings: Settings,
  r: ReturnType<typeof summarize>,
  stats: Stats,
  samples: Sample[],
): void {
  console.log(
    `\nsoak ${r.date}: ${r.database}, ${r.users} users, ${r.members} members, ${r.minutes} min at ` +
      `${r.achievedRate}/s (target ${r.targetRate}/s); server CPU ${r.serverCpuPercent ?? '?'} % of a ` +
      `core; machine load ${r.loadAverage.start} at the start, ${r.loadAverage.end} at the end ` +
      `(${r.loadAverage.cores} cores)`,
  );
  const row = (kind: string, count: number, p50: number, p99: number, max: number) =>
    `| ${kind.padEnd(24)} | ${String(count).padStart(5)} | ${f1(p50).padStart(6)} | ${f1(p99).padStart(6)} | ${f1(max).padStart(7)} |`;
  console.log(`\n| ${'kind'.padEnd(24)} | count | p50 ms | p99 ms |  max ms |`);
  console.log(`|${'-'.repeat(26)}|------:|-------:|-------:|--------:|`);
  for (const k of r.kinds) console.log(row(k.kind, k.count, k.p50, k.p99, k.max));
  console.log(row('all', total(r.kinds.map((k) => k.count)), r.p50, r.p99, r.max));
  console.log(`\np99 by minute: ${r.p99ByMinute.map(f1).join(', ')} ms`);
  const stalls = [...stats.slow.entries()].sort((a, b) => b[1].count - a[1].count).slice(0, 8);
  console.log(
    `answers over ${settings.slowMs} ms: ${total([...stats.slow.values()].map((x) => x.count))}` +
      (stalls.length
        ? `; the worst seconds: ${stalls
            .sort((a, b) => a[0] - b[0])
            .map(([t, x]) => `${clock(t)} (${x.count}, up to ${Math.round(x.worstMs)} ms)`)
            .join(', ')}`
        : ''),
  );
  console.log(
    `schedule: ${stats.sent} sent, ${r.schedule.late} more than ${settings.lateMs} ms late ` +
      `(${r.schedule.capWaits} held back by --max-in-flight ${settings.maxInFlight}), ` +
      `${r.schedule.skipped} not sent by the end, max lag ` +
      `${r.schedule.maxLagMs} ms` +
      (r.schedule.fellBehind ? ' -- FELL BEHIND the schedule' : ''),
  );
  console.log(`errors: ${r.errorCount}`);
  for (const [key, n] of Object.entries(r.errors)) console.log(`  ${n} x ${key}`);
  for (const s of r.errorSamples) console.log(`  e.g. ${s}`);
  const m = r.memory;
  console.log(
    `\nmemory (VmRSS of the server): ${f1(m.rssStartMb)} MB at the start, ${f1(m.rssWarmMb)} MB ` +
      `after ${m.warmupSeconds} s, ${f1(m.rssEndMb)} MB at the end (${m.growthPercent >= 0 ? '+' : ''}` +
      `${f1(m.growthPercent)} %); slope after ${m.warmupSeconds} s ${m.slopeMbPerMinute.toFixed(2)} MB/min ` +
      `(heap used ${m.heapSlopeMbPerMinute.toFixed(2)} MB/min), over the second half ` +
      `${m.secondHalfSlopeMbPerMinute.toFixed(2)} MB/min` +
      (m.leaking
        ? ` -- GROWING (more than ${settings.maxGrowthPercent} % and ${settings.maxSlope} MB/min)`
        : ''),
  );
  for (const line of chart(settings.minutes, samples)) console.log(line);
  console.log('');
}

function chart(minutes: number, samples: Sample[]): string[] {
  const step = minutes > 3 ? 30 : 10;
  const rows: Sample[] = [];
  for (const s of samples) if (!rows.length || s.t >= rows.at(-1)!.t + step) rows.push(s);
  if (samples.length && rows.at(-1) !== samples.at(-1)) rows.push(samples.at(-1)!);
  const lo = Math.min(...rows.map((r) => r.rssMb));
  const hi = Math.max(...rows.map((r) => r.rssMb));
  const width = 40;
  const lines = [`  ${'min:s'.padStart(6)}  RSS MB  heap MB  (bar: ${f1(lo)} to ${f1(hi)} MB)`];
  for (const r of rows) {
    const bar = hi > lo ? Math.round(((r.rssMb - lo) / (hi - lo)) * width) : width;
    const when = clock(r.t);
    const heap = r.heapMb === null ? '-' : f1(r.heapMb);
    lines.push(
      `  ${when.padStart(6)}  ${f1(r.rssMb).padStart(6)}  ${heap.padStart(7)}  |${'#'.repeat(bar)}`,
    );
  }
  return lines;
}

/** A line every quarter of the run (every minute at most): the answers since the last line. */
export function progressReporter(
  durationMs: number,
  stats: Stats,
  samples: Sample[],
  heapMb: () => number | null,
) {
  const reportEvery = Math.min(60_000, durationMs / 4);
  let nextReport = reportEvery;
  let lastDone = 0;
  let lastAt = 0;
  return (elapsed: number) => {
    if (elapsed < nextReport) return;
    nextReport += reportEvery;
    const errors = [...stats.errors.values()].reduce((s, n) => s + n, 0);
    const sorted = [...stats.recent].sort((a, b) => a - b);
    stats.recent = [];
    console.log(
      `  ${f1(elapsed / 60_000)} min: ${stats.done} answers (${f1(((stats.done - lastDone) * 1000) / (elapsed - lastAt))}/s), ` +
        `${errors} errors, RSS ${f1(samples.at(-1)?.rssMb ?? 0)} MB, heap ${f1(heapMb() ?? 0)} MB, ` +
        `p50 ${f1(quantile(sorted, 0.5))} ms p99 ${f1(quantile(sorted, 0.99))} ms, max lag ${Math.round(stats.maxLagMs)} ms`,
    );
    lastDone = stats.done;
    lastAt = elapsed;
  };
}
