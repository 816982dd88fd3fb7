// Running the requests on a fixed schedule (--rate a second, at most --max-in-flight waiting),
// and what is counted of their answers: latencies by kind and by minute, stalls, errors, lag.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Call } from './requests.ts';
import type { Settings } from './settings.ts';

export interface Stats {
  latencies: Map<string, number[]>;
  perMinute: number[][];
  /** Latencies since the last progress line. */
  recent: number[];
  /** Scheduled sends that never went out: the run ends on time even when behind. */
  skipped: number;
  errors: Map<string, number>;
  errorSamples: string[];
  /** Answers slower than settings.slowMs by the second of the run they were sent in: stalls. */
  slow: Map<number, { count: number; worstMs: number }>;
  lateCount: number;
  /** Sends held back because --max-in-flight requests were still waiting for answers. */
  capWaits: number;
  maxLagMs: number;
  sent: number;
  done: number;
}

export const emptyStats = (): Stats => ({
  latencies: new Map(),
  perMinute: [],
  recent: [],
  skipped: 0,
  errors: new Map(),
  errorSamples: [],
  slow: new Map(),
  lateCount: 0,
  capWaits: 0,
  maxLagMs: 0,
  sent: 0,
  done: 0,
});

async function send(
  base: string,
  call: Call,
  stats: Stats,
  startedAt: number,
  slowMs: number,
): Promise<void> {
  const headers: Record<string, string> = { authorization: `Bearer ${call.token}` };
  let body: string | FormData | undefined = call.form;
  if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.json);
  }
  if (call.idempotent) headers['idempotency-key'] = randomUUID();
  const t0 = performance.now();
  let status = 0;
  let text = '';
  try {
    const res = await fetch(base + call.path, {
      method: call.method,
      headers,
      body,
      signal: AbortSignal.timeout(30_000),
    });
    status = res.status;
    text = await res.text();
  } catch (err) {
    text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  }
  const ms = performance.now() - t0;
  stats.done++;
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: only an error answer could be
  }
  if (status === call.expect && parsed !== null) {
    const list = stats.latencies.get(call.kind) ?? [];
    list.push(ms);
    stats.latencies.set(call.kind, list);
    (stats.perMinute[Math.floor((t0 - startedAt) / 60_000)] ??= []).push(ms);
    stats.recent.push(ms);
    if (ms > slowMs) {
      const second = Math.floor((t0 - startedAt) / 1000);
      const s = stats.slow.get(second) ?? { count: 0, worstMs: 0 };
      stats.slow.set(second, { count: s.count + 1, worstMs: Math.max(s.worstMs, ms) });
    }
    call.onOk?.(parsed);
    return;
  }
  const key = `${call.kind} (${call.method} ${call.path.replace(/\d+/g, ':id')}) -> ${status || 'no answer'}`;
  stats.errors.set(key, (stats.errors.get(key) ?? 0) + 1);
  if (stats.errorSamples.length < 5)
    stats.errorSamples.push(`${call.method} ${call.path}: ${status} ${text.slice(0, 400)}`);
  call.onError?.();
}

// Node's (undici's) fetch keeps the connections alive between requests, as a browser does.
export async function runLoad(
  base: string,
  settings: Settings,
  stats: Stats,
  next: (elapsedFraction: number) => Call,
  isStopped: () => boolean,
  onTick: (elapsedMs: number) => void,
): Promise<number> {
  const { rate, durationMs, maxInFlight } = settings;
  const interval = 1000 / rate;
  const scheduled = Math.round((durationMs * rate) / 1000);
  const startedAt = performance.now();
  const inFlight = new Set<Promise<void>>();
  let lastTick = startedAt;
  for (let i = 0; !isStopped(); i++) {
    const due = startedAt + i * interval;
    if (i >= scheduled) break;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    if (inFlight.size >= maxInFlight) stats.capWaits++;
    while (inFlight.size >= maxInFlight && !isStopped()) await Promise.race(inFlight);
    const now = performance.now();
    if (now - startedAt >= durationMs) {
      stats.skipped = scheduled - i;
      break;
    }
    const lag = now - due;
    if (lag > settings.lateMs) stats.lateCount++;
    stats.maxLagMs = Math.max(stats.maxLagMs, lag);
    if (now - lastTick >= 5_000) {
      lastTick = now;
      onTick(now - startedAt);
    }
    const call = next((now - startedAt) / durationMs);
    stats.sent++;
    const running = send(base, call, stats, startedAt, settings.slowMs).finally(() =>
      inFlight.delete(running),
    );
    inFlight.add(running);
  }
  await Promise.all(inFlight);
  return performance.now() - startedAt;
}
