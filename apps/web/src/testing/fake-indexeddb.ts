import 'fake-indexeddb/auto';
import { beforeEach, vi } from 'vitest';

// An IndexedDB for the tests of what the phone keeps (the outbox): jsdom has none. Imported by
// `*.isolated.test.*` files only, so that no other test finds one it does not expect.
//
// fake-indexeddb copies values with Node's structuredClone, which makes a plain object of
// jsdom's File; a browser's keeps a receipt a File, and so does this copy.
const browserClone = (value: unknown): unknown => {
  if (value instanceof Blob || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(browserClone);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, browserClone(v)]));
};
beforeEach(() => vi.stubGlobal('structuredClone', browserClone));
