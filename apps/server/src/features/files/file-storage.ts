import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  /** Every stored object, including the temp files of writes a crash cut short. */
  list(): Promise<StoredObject[]>;
  /** Removes the temp file of an unfinished write (a `list()` entry whose key is null). */
  removeUnfinished(name: string): Promise<void>;
}

export interface StoredObject {
  /** The storage key, or null for the temp file of an unfinished write. */
  key: string | null;
  name: string;
  modifiedAt: Date;
}

// No dot and no slash, so a key can never leave the folder or name a temp file.
const KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
const TEMP_PATTERN = /^\.[A-Za-z0-9_-]{16,128}\.[0-9a-f]{16}\.tmp$/;

export function newStorageKey(): string {
  return randomBytes(32).toString('base64url');
}

export function createDiskStorage(rootDir: string): FileStorage {
  const root = path.resolve(rootDir);

  function pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return path.join(root, key);
  }

  return {
    async put(key, data) {
      const target = pathOf(key);
      await mkdir(root, { recursive: true, mode: 0o700 });
      const temp = path.join(root, `.${key}.${randomBytes(8).toString('hex')}.tmp`);
      try {
        const file = await open(temp, 'wx', 0o600);
        try {
          await file.writeFile(data);
          await file.sync();
        } finally {
          await file.close();
        }
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      // The rename is durable only once the folder's own entry list reaches the disk.
      await syncFolder(root);
    },

    async get(key) {
      const file = pathOf(key);
      try {
        return await readFile(file);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async remove(key) {
      await rm(pathOf(key), { force: true });
    },

    async list() {
      let names: string[];
      try {
        names = await readdir(root);
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      const objects: StoredObject[] = [];
      for (const name of names) {
        const isKey = KEY_PATTERN.test(name);
        if (!isKey && !TEMP_PATTERN.test(name)) continue;
        try {
          const info = await stat(path.join(root, name));
          if (info.isFile())
            objects.push({ key: isKey ? name : null, name, modifiedAt: info.mtime });
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      }
      return objects;
    },

    async removeUnfinished(name) {
      if (!TEMP_PATTERN.test(name)) throw new Error(`Not a temp file: ${JSON.stringify(name)}`);
      await rm(path.join(root, name), { force: true });
    },
  };
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
