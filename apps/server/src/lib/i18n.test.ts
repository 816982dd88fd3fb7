import { describe, expect, it } from 'vitest';
import { sourcesBeside } from './i18n.ts';

// The catalogs are read from the server's src/ folder, from the sources and from the bundle.
describe('where the catalogs are read from', () => {
  it('is src/ beside the bundle, and src/ above src/lib/', () => {
    expect(sourcesBeside('file:///srv/jamiya/apps/server/dist/server.js').pathname).toBe(
      '/srv/jamiya/apps/server/src/',
    );
    expect(sourcesBeside('file:///srv/jamiya/apps/server/src/lib/i18n.ts').pathname).toBe(
      '/srv/jamiya/apps/server/src/',
    );
  });

  it('is the same when the checkout sits under a folder named dist', () => {
    // Before, any "/dist/" in the path counted: this read src/src/ and the server would not start.
    expect(sourcesBeside('file:///home/ops/dist/jamiya/apps/server/src/lib/i18n.ts').pathname).toBe(
      '/home/ops/dist/jamiya/apps/server/src/',
    );
    expect(sourcesBeside('file:///home/ops/dist/jamiya/apps/server/dist/server.js').pathname).toBe(
      '/home/ops/dist/jamiya/apps/server/src/',
    );
  });
});
