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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.ts$', '/testing/', 'node_modules'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
