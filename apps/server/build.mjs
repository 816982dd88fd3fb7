// Bundles the server with our workspace packages inlined; npm dependencies stay external
// and load from node_modules at run time. The file pool's worker (decision 034) is bundled
// beside the server, where features/files/file-pool.ts looks for it.
import { build } from 'esbuild';

await build({
  entryPoints: {
    server: 'src/server.ts',
    'file-worker': 'src/features/files/file-worker.ts',
    'read-worker': 'src/features/imports/read-worker.ts',
    'statement-worker': 'src/features/bank/statement-worker.ts',
    'pdf-worker': 'src/features/statement/pdf-worker.ts',
    'report-worker': 'src/features/ledger/report-worker.ts',
    'pack-worker': 'src/features/year/pack/pack-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@jamiya/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
