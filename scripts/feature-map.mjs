// Prints the server's features in their layers, each with the features it uses, as the
// mermaid block of docs/architecture.md: from dependency-cruiser's graph of apps/server/src,
// tests left out. A feature's layer is one more than the highest it uses, so nothing points up.
//   node scripts/feature-map.mjs
import { execFileSync } from 'node:child_process';

const graph = JSON.parse(
  execFileSync(
    'npx',
    [
      'depcruise',
      'apps/server/src',
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'json',
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  ),
);
const featureOf = (path) => /^apps\/server\/src\/features\/([^/]+)\//.exec(path)?.[1];
const uses = new Map();
for (const module of graph.modules) {
  const from = featureOf(module.source);
  if (!from || /\.test\.ts$|\/testing\//.test(module.source)) continue;
  if (!uses.has(from)) uses.set(from, new Set());
  for (const dependency of module.dependencies ?? []) {
    const to = featureOf(dependency.resolved ?? '');
    if (to && to !== from) uses.get(from).add(to);
  }
}
const layer = new Map();
const layerOf = (feature) => {
  if (!layer.has(feature))
    layer.set(feature, Math.max(-1, ...[...(uses.get(feature) ?? [])].map(layerOf)) + 1);
  return layer.get(feature);
};
const byLayer = (a, b) => layerOf(b) - layerOf(a) || a.localeCompare(b);
const features = [...uses.keys()].sort(byLayer);
console.log('```mermaid\nflowchart TD');
for (const feature of features) {
  const used = [...uses.get(feature)].sort(byLayer);
  if (used.length) console.log(`  ${feature} --> ${used.join(' & ')}`);
}
console.log('```');
const ties = features.reduce((n, f) => n + uses.get(f).size, 0);
console.log(
  `\n${features.length} features, ${ties} ties, ${Math.max(...layer.values()) + 1} layers.`,
);
