import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskStorage, newStorageKey } from './file-storage.ts';

let tempDir: string;
let root: string;

beforeEach(async () => {
  tempDir = await mkdtemp(path.join(os.tmpdir(), 'jamiya-files-'));
  root = path.join(tempDir, 'data', 'uploads');
});

afterEach(async () => {
  await rm(tempDir, { recursive: true, force: true });
});

describe('createDiskStorage', () => {
  it('creates the folder on first put and reads back what it stored', async () => {
    const storage = createDiskStorage(root);
    const key = newStorageKey();
    const data = Buffer.from('%PDF-1.4 receipt bytes %%EOF');

    await storage.put(key, data);

    expect(await storage.get(key)).toEqual(data);
    expect(await readdir(root)).toEqual([key]);
  });

  it('keeps the file private to the server user', async () => {
    const storage = createDiskStorage(root);
    const key = newStorageKey();

    await storage.put(key, Buffer.from('x'));

    expect((await stat(path.join(root, key))).mode & 0o777).toBe(0o600);
  });

  it('replaces the content when a key is stored again', async () => {
    const storage = createDiskStorage(root);
    const key = newStorageKey();

    await storage.put(key, Buffer.from('first'));
    await storage.put(key, Buffer.from('second'));

    expect((await storage.get(key))?.toString()).toBe('second');
    expect(await readdir(root)).toEqual([key]);
  });

  it('returns null for a missing file, even before the folder exists', async () => {
    const storage = createDiskStorage(root);

    expect(await storage.get(newStorageKey())).toBeNull();
    await storage.put(newStorageKey(), Buffer.from('x'));
    expect(await storage.get(newStorageKey())).toBeNull();
  });

  it('removes a file and ignores one that is already gone', async () => {
    const storage = createDiskStorage(root);
    const key = newStorageKey();
    await storage.put(key, Buffer.from('x'));

    await storage.remove(key);
    await storage.remove(key);
    await storage.remove(newStorageKey());

    expect(await storage.get(key)).toBeNull();
    expect(await readdir(root)).toEqual([]);
  });

  it('leaves no temp file behind when a write fails', async () => {
    const storage = createDiskStorage(root);
    const key = newStorageKey();
    await mkdir(path.join(root, key), { recursive: true });

    await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow();

    expect(await readdir(root)).toEqual([key]);
  });

  it('stores many files at once without mixing them up', async () => {
    const storage = createDiskStorage(root);
    const entries = Array.from(
      { length: 20 },
      (_, i) => [newStorageKey(), Buffer.from(`file ${i}`)] as const,
    );

    await Promise.all(entries.map(([key, data]) => storage.put(key, data)));

    for (const [key, data] of entries) expect(await storage.get(key)).toEqual(data);
  });

  it.each([
    '../../outside',
    '../etc/passwd',
    '../../../../../../etc/passwd',
    '/etc/passwd',
    'abcdefghijklmnop/../../x',
    'abcdefghijklmnop.tmp',
    '.abcdefghijklmnopq',
    'abcdefghijklmno\0p',
    'abcdefghijklmno p',
    'abcdefghijklmno\\p',
    '',
    'short',
    'a'.repeat(129),
  ])('refuses the key %j for every operation', async (key) => {
    const storage = createDiskStorage(root);
    await mkdir(root, { recursive: true });
    await writeFile(path.join(tempDir, 'outside'), 'secret');

    await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('Invalid storage key');
    await expect(storage.get(key)).rejects.toThrow('Invalid storage key');
    await expect(storage.remove(key)).rejects.toThrow('Invalid storage key');
    expect(await readdir(root)).toEqual([]);
    expect(await readFile(path.join(tempDir, 'outside'), 'utf8')).toBe('secret');
  });

  it('accepts keys at both ends of the allowed length', async () => {
    const storage = createDiskStorage(root);

    for (const key of ['A'.repeat(16), 'z_-9'.repeat(32)]) {
      await storage.put(key, Buffer.from(key));
      expect((await storage.get(key))?.toString()).toBe(key);
    }
  });
});

describe('newStorageKey', () => {
  it('makes 43-character base64url keys that do not repeat', () => {
    const keys = Array.from({ length: 1_000 }, () => newStorageKey());

    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
