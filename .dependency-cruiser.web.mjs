// The web app's files (issue 52): no two files import each other, type imports counted, and the
// layers point down: app/ puts the features together, a feature never imports app/, and the
// shared folders (api/, components/, lib/) import neither; and no source file imports the tests'
// kits. (Features never import each other: ESLint's featuresApart.)
import path from 'node:path';
import server from './.dependency-cruiser.cjs';

export default {
  forbidden: [
    ...server.forbidden.filter((rule) => rule.name !== 'no-folder-circles'),
    {
      name: 'features-below-app',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'shared-below-features',
      severity: 'error',
      from: { path: '^apps/web/src/(api|components|lib)/' },
      to: { path: '^apps/web/src/(app|features)/' },
    },
  ],
  options: {
    ...server.options,
    exclude: { path: ['\\.test\\.tsx?$', 'node_modules'] },
    // An absolute path: dependency-cruiser reads a relative one's `extends` from the wrong folder.
    tsConfig: { fileName: path.join(import.meta.dirname, 'apps/web/tsconfig.json') },
  },
};
