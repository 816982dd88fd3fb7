// The bench's table: each route's figures, and its throughput against both floors (the bare
// route, plain and prepared).
import type { Figures } from './load.ts';

export function printTable(results: Figures[], floor: number, preparedFloor: number): void {
  const percent = (x: number, of: number) => `${Math.round((100 * x) / of)} %`;
  console.log(
    `\n| ${'route'.padEnd(30)} | req/s | p50 ms | p99 ms | of bare | of prepared | non-2xx | errors |`,
  );
  console.log(
    `|${'-'.repeat(32)}|------:|-------:|-------:|--------:|------------:|--------:|-------:|`,
  );
  for (const r of results) {
    console.log(
      `| ${r.target.padEnd(30)} | ${String(r.requestsPerSecond).padStart(5)} | ${String(r.p50).padStart(6)} | ${String(r.p99).padStart(6)} | ${percent(r.requestsPerSecond, floor).padStart(7)} | ${percent(r.requestsPerSecond, preparedFloor).padStart(11)} | ${String(r.non2xx).padStart(7)} | ${String(r.errors).padStart(6)} |`,
    );
  }
}

/**
 * CPU per request of the app process and of PostgreSQL, and how many app processes (each with
 * a core of its own) one PostgreSQL core keeps up with: where PostgreSQL becomes the limit.
 */
export function printCpuTable(results: Figures[]): void {
  if (!results.some((r) => r.cpuUs)) return;
  console.log(
    `\n| ${'route'.padEnd(30)} | app CPU µs/req | PostgreSQL CPU µs/req | app processes per PostgreSQL core |`,
  );
  console.log(
    `|${'-'.repeat(32)}|---------------:|----------------------:|----------------------------------:|`,
  );
  for (const r of results) {
    const app = r.cpuUs?.app ?? 0;
    const pg = r.cpuUs?.postgres;
    const ratio = pg ? (app / pg).toFixed(1) : '–';
    console.log(
      `| ${r.target.padEnd(30)} | ${String(app).padStart(14)} | ${String(pg ?? '–').padStart(21)} | ${ratio.padStart(33)} |`,
    );
  }
}
