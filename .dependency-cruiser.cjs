// Folders of the server import in one direction: no two folders import each other, directly or
// through others (issue 35), and no two files.
module.exports = {
  forbidden: [
    {
      name: 'no-folder-circles',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      // Nor do two files, their type imports counted (issue 52: a reader and the statement it
      // reads into imported each other's types).
      name: 'no-file-circles',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      // The tests' kits (a feature's testing/, the server's test/) are the tests' own: source
      // that imported one would bring the test harness, and Vitest, into the server.
      name: 'no-test-kits-in-source',
      severity: 'error',
      from: {},
      to: { path: '/testing/|^apps/server/test/' },
    },
  ],
  options: {
    // A kit is seen where it is imported, not followed (it imports the harness, which imports
    // the features: circles that are the tests').
    doNotFollow: { path: ['node_modules', '/testing/', '^apps/server/test/'] },
    exclude: { path: ['\\.test\\.ts$', 'node_modules'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
