// node scripts/bench-scale-chart.mjs scale.json docs/performance-scale.svg
//
// Draws `npm run bench:scale -- --out scale.json`: each page's p50 as a multiple of the floor
// (a one-select /api/health asked beside it), at the smallest and the largest size, one panel
// per database, with the 30-times target of issue 51 as a line. Plain SVG, readable offline.
import fs from 'node:fs';

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: node scripts/bench-scale-chart.mjs scale.json chart.svg');
  process.exit(2);
}
// The pages' rows (the job's passes beside them since 29 Nov; an older file is the rows alone).
const read = JSON.parse(fs.readFileSync(input, 'utf8'));
const rows = Array.isArray(read) ? read : read.pages;
const TARGET = 30;
const databases = [...new Set(rows.map((r) => r.database))];
const pages = [...new Set(rows.map((r) => r.page))];
const sizes = [...new Set(rows.map((r) => r.members))].sort((a, b) => a - b);
const [small, large] = [sizes[0], sizes.at(-1)];
const ratio = (r) => r.p50 / r.floorP50;
const top = Math.max(TARGET, ...rows.map(ratio)) * 1.1;

const W = 330; // a panel; the pages' names once, at the left
const ROW = 30;
const M = { left: 170, gap: 20, right: 100, top: 46, bottom: 40 };
const height = M.top + pages.length * ROW + M.bottom;
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');
const COLORS = { [small]: '#93c5fd', [large]: '#1d4ed8' };

const parts = [];
databases.forEach((database, i) => {
  const x0 = M.left + i * (W + M.gap);
  const x1 = x0 + W - M.right;
  const sx = (v) => x0 + (v / top) * (x1 - x0);
  parts.push(
    `<text x="${(x0 + x1) / 2}" y="18" text-anchor="middle" font-weight="600">${esc(database)}</text>`,
    `<line x1="${sx(TARGET)}" x2="${sx(TARGET)}" y1="${M.top - 8}" y2="${height - M.bottom}" stroke="#dc2626" stroke-dasharray="4 3"/>`,
    `<text x="${sx(TARGET)}" y="${M.top - 12}" text-anchor="middle" font-size="10" fill="#dc2626">${TARGET}× floor</text>`,
  );
  pages.forEach((page, k) => {
    const y = M.top + k * ROW;
    if (i === 0)
      parts.push(
        `<text x="${x0 - 8}" y="${y + 16}" text-anchor="end" font-size="11">${esc(page)}</text>`,
      );
    [small, large].forEach((members, j) => {
      const row = rows.find(
        (r) => r.database === database && r.page === page && r.members === members,
      );
      if (!row) return;
      const by = y + 4 + j * 11;
      parts.push(
        `<rect x="${x0}" y="${by}" width="${Math.max(1, sx(ratio(row)) - x0)}" height="10" fill="${COLORS[members]}"/>`,
        `<text x="${sx(ratio(row)) + 4}" y="${by + 9}" font-size="9">${ratio(row).toFixed(1)}× (${row.p50.toFixed(row.p50 < 10 ? 1 : 0)} ms)</text>`,
      );
    });
  });
});
const legendY = height - 14;
[small, large].forEach((members, j) => {
  const x = M.left + j * 130;
  parts.push(
    `<rect x="${x}" y="${legendY - 9}" width="12" height="10" fill="${COLORS[members]}"/>`,
    `<text x="${x + 16}" y="${legendY}" font-size="11">${members.toLocaleString('en')} members</text>`,
  );
});
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${M.left + databases.length * (W + M.gap)}" height="${height}" font-family="sans-serif" font-size="12">
<title>Each treasurer page's p50 as a multiple of the one-select floor, at ${small} and ${large} members</title>
<rect width="100%" height="100%" fill="white"/>
${parts.join('\n')}
</svg>
`;
fs.writeFileSync(output, svg);
