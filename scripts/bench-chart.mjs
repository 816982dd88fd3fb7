// node scripts/bench-chart.mjs results.json docs/performance-chart.svg
//
// Draws the throughput of each route against the association's size from the records that
// `npm run bench -- --out results.json` appends: one panel per database, one line per route,
// a logarithmic size axis (1k, 10k, 100k members). Plain SVG, readable on GitHub and offline.
import fs from 'node:fs';

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: node scripts/bench-chart.mjs results.json chart.svg');
  process.exit(2);
}
const records = JSON.parse(fs.readFileSync(input, 'utf8'));

const ROUTES = [
  { target: 'bare: one primary-key select', label: 'bare select', color: '#6b7280', dash: '6 4' },
  {
    target: 'bare, prepared statement',
    label: 'bare select, prepared',
    color: '#9ca3af',
    dash: '2 3',
  },
  { target: 'GET /api/profile', label: 'GET /api/profile', color: '#047857', dash: '' },
  {
    target: 'GET /api/my-account-data',
    label: 'GET /api/my-account-data',
    color: '#1d4ed8',
    dash: '',
  },
];
const PANELS = [
  { database: 'postgres', title: 'PostgreSQL' },
  { database: 'pglite', title: 'PGlite (embedded)' },
].filter((p) => records.some((r) => r.database === p.database));

const W = 360;
const H = 260;
const M = { left: 56, right: 16, top: 34, bottom: 44 };
const width = PANELS.length * W;
const height = H + 70;
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');
const fmtSize = (n) => (n >= 1000 ? `${Math.round(n / 1000)}k` : String(n));

const parts = [];
PANELS.forEach((panel, i) => {
  const rows = records
    .filter((r) => r.database === panel.database)
    .sort((a, b) => a.users - b.users);
  const sizes = rows.map((r) => r.users);
  const maxY = Math.max(...rows.flatMap((r) => r.results.map((x) => x.requestsPerSecond)));
  // A round top for the axis: 1, 2, 2.5 or 5 times a power of ten.
  const magnitude = Math.pow(10, Math.floor(Math.log10(maxY * 1.05)));
  const top = [1, 2, 2.5, 5, 10].map((f) => f * magnitude).find((v) => v >= maxY * 1.05);
  const minX = Math.log10(Math.min(...sizes));
  const maxX = Math.log10(Math.max(...sizes));
  const x0 = i * W + M.left;
  const x1 = (i + 1) * W - M.right;
  const y0 = H - M.bottom + 20;
  const y1 = M.top;
  const sx = (n) =>
    maxX === minX ? (x0 + x1) / 2 : x0 + ((Math.log10(n) - minX) / (maxX - minX)) * (x1 - x0);
  const sy = (v) => y0 - (v / top) * (y0 - y1);
  parts.push(
    `<text x="${(x0 + x1) / 2}" y="20" text-anchor="middle" font-weight="600">${esc(panel.title)}</text>`,
  );
  for (let k = 0; k <= 4; k++) {
    const v = (top * k) / 4;
    parts.push(
      `<line x1="${x0}" x2="${x1}" y1="${sy(v)}" y2="${sy(v)}" stroke="#e5e7eb"/>`,
      `<text x="${x0 - 6}" y="${sy(v) + 4}" text-anchor="end" font-size="11">${Math.round(v)}</text>`,
    );
  }
  for (const n of sizes) {
    parts.push(
      `<text x="${sx(n)}" y="${y0 + 16}" text-anchor="middle" font-size="11">${fmtSize(n)}</text>`,
    );
  }
  parts.push(
    `<text x="${(x0 + x1) / 2}" y="${y0 + 34}" text-anchor="middle" font-size="11">members (log scale)</text>`,
    `<text transform="translate(${x0 - 44} ${(y0 + y1) / 2}) rotate(-90)" text-anchor="middle" font-size="11">requests/s</text>`,
  );
  for (const route of ROUTES) {
    const points = rows
      .map((r) => [r.users, r.results.find((x) => x.target === route.target)])
      .filter(([, x]) => x);
    if (!points.length) continue;
    const d = points.map(([n, x]) => `${sx(n).toFixed(1)},${sy(x.requestsPerSecond).toFixed(1)}`);
    parts.push(
      `<polyline points="${d.join(' ')}" fill="none" stroke="${route.color}" stroke-width="2"${route.dash ? ` stroke-dasharray="${route.dash}"` : ''}/>`,
      ...points.map(
        ([n, x]) =>
          `<circle cx="${sx(n).toFixed(1)}" cy="${sy(x.requestsPerSecond).toFixed(1)}" r="3" fill="${route.color}"><title>${esc(`${route.label}, ${fmtSize(n)} members: ${x.requestsPerSecond} req/s, p99 ${x.p99} ms`)}</title></circle>`,
      ),
    );
  }
});
ROUTES.forEach((route, k) => {
  const x = 16 + (k % 2) * (width / 2);
  const y = H + 28 + Math.floor(k / 2) * 18;
  parts.push(
    `<line x1="${x}" x2="${x + 24}" y1="${y - 4}" y2="${y - 4}" stroke="${route.color}" stroke-width="2"${route.dash ? ` stroke-dasharray="${route.dash}"` : ''}/>`,
    `<text x="${x + 30}" y="${y}" font-size="12">${esc(route.label)}</text>`,
  );
});

const first = records[0]?.date?.slice(0, 16).replace('T', ' ');
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="13" role="img" aria-label="Throughput against association size">
<title>Throughput against association size (npm run bench${first ? `, ${esc(first)} UTC` : ''})</title>
<rect width="100%" height="100%" fill="#fff"/>
${parts.join('\n')}
</svg>
`;
fs.writeFileSync(output, svg);
console.log(`wrote ${output} (${PANELS.map((p) => p.title).join(', ')})`);
