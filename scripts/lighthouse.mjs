// npm run bench:lighthouse [-- --build] [--port N] [--runs N] [--out FILE] [--reports DIR]
//                            [--chrome PATH] [--pages /user,/user/apply-loan] [--https]
//
// Lighthouse (mobile preset: its default form factor and simulated throttling, a slow 4G
// network and a CPU four times slower than this one) on the built app: /, /sign-in, and,
// signed in as a demo member, /user and /user/apply-loan. Starts the built server on a scratch
// data folder (demo data is seeded on first start), prints a table of scores and key metrics,
// and writes them as JSON with --out (and each page's full Lighthouse report and trace of its
// median run into a folder with --reports). --build runs `npm run build` first; otherwise the
// existing build is used. --runs N audits each page N times and reports the median performance
// run (the scores move with the machine's load). --pages audits only the pages named (of the
// four). --https audits the app behind nginx with TLS and HTTP/2 (scripts/nginx.mjs), as a
// deployment serves it; without it, the app as `npm start` serves it (plain HTTP/1.1).
// Lighthouse simulates the slow network from the requests it sees, so the protocol matters.
//
// Lighthouse clears the origin's storage before each audit, which would sign the member out:
// the member pages are audited with storage reset off, after the token is put in localStorage
// (where the app keeps it, `ts_token`) and the HTTP cache is emptied, so they still load cold.
// Each member audit is checked to have stayed on the member page (no redirect to /sign-in).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort, signIn, startServer } from './lighthouse/app.mjs';
import { makeCertificate, startNginx } from './nginx.mjs';
import { CHROMIUM_FLAGS } from '../e2e/support/chromium.ts';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const { values: args } = parseArgs({
  options: {
    build: { type: 'boolean', default: false },
    port: { type: 'string' },
    runs: { type: 'string', default: '1' },
    out: { type: 'string' },
    reports: { type: 'string' },
    chrome: { type: 'string', default: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    pages: { type: 'string' },
    https: { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(args.runs) || 1);
const MEMBER = { email: 'rahul@jamiya.example', password: 'jamiya-demo' };
const ALL_PAGES = [
  { path: '/', isMember: false },
  { path: '/sign-in', isMember: false },
  { path: '/user', isMember: true },
  { path: '/user/apply-loan', isMember: true },
];
const chosen = args.pages?.split(',').map((p) => p.trim());
const unknown = chosen?.filter((p) => !ALL_PAGES.some((page) => page.path === p)) ?? [];
if (unknown.length) {
  console.error(
    `--pages: ${unknown.join(', ')} not among ${ALL_PAGES.map((p) => p.path).join(', ')}`,
  );
  process.exit(2);
}
const PAGES = chosen ? ALL_PAGES.filter((page) => chosen.includes(page.path)) : ALL_PAGES;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const CHROME_FLAGS = [
  '--headless',
  ...CHROMIUM_FLAGS,
  // The proxy's certificate is its own (--https).
  ...(args.https ? ['--ignore-certificate-errors'] : []),
];

if (args.build) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
const serverEntry = path.join(root, 'apps', 'server', 'dist', 'server.js');
const webIndex = path.join(root, 'apps', 'web', 'dist', 'index.html');
for (const file of [serverEntry, webIndex]) {
  if (!fs.existsSync(file)) {
    console.error(`${path.relative(root, file)} is missing: run with --build (or npm run build)`);
    process.exit(2);
  }
}

// Chromium, Lighthouse and the server's database all write here; removed at the end.
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'jamiya-lighthouse-'));
fs.chmodSync(scratch, 0o755); // run as root, PostgreSQL runs as a user that must pass through
process.env.TMPDIR = scratch;

let server;
let proxy;
let context;
try {
  const port = args.port ? Number(args.port) : await freePort();
  const appOrigin = `http://127.0.0.1:${port}`;
  const proxyPort = args.https ? await freePort() : null;
  const origin = args.https ? `https://127.0.0.1:${proxyPort}` : appOrigin;
  server = await startServer({
    serverEntry,
    dataDir: path.join(scratch, 'data'),
    port,
    origin: appOrigin,
    publicUrl: origin,
  });
  if (args.https) {
    makeCertificate(scratch);
    proxy = await startNginx({ targets: [appOrigin], port: proxyPort, dir: scratch });
  }
  const token = await signIn(appOrigin, MEMBER);

  const debuggingPort = await freePort();
  context = await chromium.launchPersistentContext(path.join(scratch, 'profile'), {
    executablePath: args.chrome,
    headless: true,
    ignoreHTTPSErrors: args.https,
    args: [...CHROME_FLAGS, `--remote-debugging-port=${debuggingPort}`],
  });
  const results = [];
  for (const page of PAGES) {
    const audits = [];
    for (let i = 0; i < runs; i++) {
      if (page.isMember) await prepareMemberLoad(context, origin, token);
      audits.push(await audit(`${origin}${page.path}`, debuggingPort, page.isMember));
    }
    // In the order run: a set's scores drift with the machine's load.
    const everyRun = audits.map((a) => a.scores.performance);
    const { report, trace, ...median } = medianOf(audits, (a) => a.scores.performance);
    const result = { page: page.path, ...median, everyRun };
    if (page.isMember) checkMemberPage(result);
    if (args.reports) writeReport(page.path, report, trace);
    results.push(result);
  }
  printTable(results);
  if (args.out) {
    const report = {
      date: new Date().toISOString(),
      loadavg: os.loadavg(),
      runs,
      served: served(),
      results,
    };
    fs.writeFileSync(args.out, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`written to ${args.out}`);
  }
} catch (error) {
  console.error(error);
  if (server) console.error(`server output:\n${server.output}`);
  process.exitCode = 1;
} finally {
  await context?.close();
  await proxy?.close();
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await server.exited;
  }
  fs.rmSync(scratch, { recursive: true, force: true });
}

/** The token where the app looks for it, and an empty HTTP cache, in Chromium's default profile. */
async function prepareMemberLoad(context, origin, token) {
  const page = await context.newPage();
  await page.goto(`${origin}/favicon.svg`);
  await page.evaluate((t) => {
    localStorage.setItem('ts_token', t);
    localStorage.removeItem('ts_profile_id');
  }, token);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await page.close();
}

/** The run in the middle when sorted by `score` (the upper middle of an even number). */
function medianOf(audits, score) {
  const sorted = [...audits].sort((a, b) => score(a) - score(b));
  return sorted[Math.floor(sorted.length / 2)];
}

async function audit(url, port, isMember) {
  const flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    disableStorageReset: isMember,
  };
  const runnerResult = await lighthouse(url, flags);
  const lhr = runnerResult.lhr;
  throwOnRuntimeError(url, lhr);
  const lcpElement =
    lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  const failing = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .filter((a) => a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual')
    .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
  return {
    lighthouseVersion: lhr.lighthouseVersion,
    finalUrl: lhr.finalDisplayedUrl,
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ),
    metrics: metricsOf(lhr),
    lcpElement: lcpElement?.nodeLabel ?? null,
    failing,
    report: runnerResult.report,
    trace: args.reports ? runnerResult.artifacts.Trace : undefined,
  };
}

function throwOnRuntimeError(url, lhr) {
  if (lhr.runtimeError)
    throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
}

function metricsOf(lhr) {
  const metric = (id) => lhr.audits[id]?.numericValue;
  return {
    fcpMs: Math.round(metric('first-contentful-paint')),
    lcpMs: Math.round(metric('largest-contentful-paint')),
    tbtMs: Math.round(metric('total-blocking-time')),
    cls: Number(metric('cumulative-layout-shift').toFixed(3)),
    siMs: Math.round(metric('speed-index')),
  };
}

/** The full Lighthouse report of the page's median run. */
function writeReport(pagePath, report, trace) {
  fs.mkdirSync(args.reports, { recursive: true });
  const name = pagePath.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
  fs.writeFileSync(path.join(args.reports, `${name}.json`), report);
  // The run's trace, for Chrome's performance panel or a script.
  fs.writeFileSync(path.join(args.reports, `${name}.trace.json`), JSON.stringify(trace));
}

function checkMemberPage(result) {
  const finalPath = new URL(result.finalUrl).pathname;
  if (finalPath !== result.page)
    throw new Error(`${result.page} ended on ${finalPath}: the member was not signed in`);
}

function printTable(results) {
  console.log(
    `\nLighthouse ${results[0]?.lighthouseVersion ?? ''} mobile, ${served()}, ${new Date().toISOString()}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}${runs > 1 ? `, median of ${runs} runs` : ''}\n`,
  );
  console.log(
    '| page | perf | a11y | best pr. | FCP | LCP | TBT | CLS | LCP element | every run, in order |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|---|');
  for (const r of results) {
    const { fcpMs, lcpMs, tbtMs, cls } = r.metrics;
    console.log(
      `| ${r.page} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${fcpMs} ms | ${lcpMs} ms | ${tbtMs} ms | ${cls} | ${(r.lcpElement ?? '').slice(0, 40)} | ${r.everyRun.join(' ')} |`,
    );
  }
  const failing = results.filter((r) => r.failing.length);
  if (failing.length) {
    console.log('\naudits under 90:');
    for (const r of failing) console.log(`  ${r.page}: ${r.failing.join(', ')}`);
  }
}

function served() {
  return args.https ? 'HTTPS with HTTP/2 (nginx)' : 'plain HTTP/1.1';
}
