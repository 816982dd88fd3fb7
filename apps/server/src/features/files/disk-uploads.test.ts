import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeUser, storedFileCount, useTestAppEach } from '../../../test/harness.ts';
import { files } from '../../db/schema/files.ts';
import type { User } from '../users/user-data.ts';
import { moveDiskUploads } from './disk-uploads.ts';
import { databaseStorage, newStorageKey } from './file-storage.ts';
import { sanitizeUpload } from './sanitize-upload.ts';

// Decision 032: the uploads the version before issue 25 kept under DATA_DIR/uploads move into
// the database at start.

// A database for each test: a move counts the records without bytes in the whole database,
// and one test leaves a file lost for good.
const t = useTestAppEach();
const db = () => t.db;
let member: User;
let work: string;

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'jamiya-disk-uploads-'));
});
beforeEach(async () => {
  member = await makeUser(db());
});
afterAll(() => fs.rm(work, { recursive: true, force: true }));

/** A file as the old version left it: its bytes under its key, and (with a row) its record. */
async function oldUpload(folder: string, withRow: boolean, color: string) {
  const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: color } })
    .png()
    .toBuffer();
  const { data, mime, ext } = await sanitizeUpload(png);
  const key = newStorageKey();
  await fs.mkdir(folder, { recursive: true });
  await fs.writeFile(path.join(folder, key), data);
  if (withRow)
    await db().insert(files).values({
      ownerId: member.id,
      purpose: 'receipt',
      mime,
      ext,
      sizeBytes: data.length,
      storageKey: key,
    });
  return { key, data };
}

const anHourAgo = () => new Date(Date.now() - 3_600_000);

describe('moveDiskUploads', () => {
  it('moves every recorded file into the database, byte for byte, and removes the folder', async () => {
    const folder = path.join(work, 'recorded');
    const a = await oldUpload(folder, true, '#aa0000');
    const b = await oldUpload(folder, true, '#00aa00');

    const result = await moveDiskUploads(db(), folder, new Date());

    expect(result).toEqual({ moved: 2, removed: 0, missing: 0 });
    for (const f of [a, b])
      expect((await databaseStorage.get(db(), f.key))!.equals(f.data)).toBe(true);
    await expect(fs.stat(folder)).rejects.toThrow(/ENOENT/);
  });

  it('removes what no record names when written before the cut-off, and leaves newer ones and foreign files', async () => {
    const folder = path.join(work, 'orphans');
    const old = await oldUpload(folder, false, '#0000aa');
    const young = await oldUpload(folder, false, '#aaaa00');
    const temp = `.${newStorageKey()}.0123456789abcdef.tmp`;
    await fs.writeFile(path.join(folder, temp), 'half a file');
    await fs.writeFile(path.join(folder, 'notes.txt'), 'not ours');
    const past = new Date(Date.now() - 2 * 3_600_000);
    for (const name of [old.key, temp]) await fs.utimes(path.join(folder, name), past, past);
    const before = await storedFileCount(db());

    const result = await moveDiskUploads(db(), folder, anHourAgo());

    expect(result).toEqual({ moved: 0, removed: 2, missing: 0 });
    expect((await fs.readdir(folder)).sort()).toEqual([young.key, 'notes.txt'].sort());
    expect(await storedFileCount(db())).toBe(before);
  });

  it('carries on after a start cut short between the commit and the delete, and again finds nothing to do', async () => {
    const folder = path.join(work, 'interrupted');
    const done = await oldUpload(folder, true, '#00aaaa');
    const left = await oldUpload(folder, true, '#aa00aa');
    // The first start committed `done`'s bytes, then was killed before deleting its file.
    await db().transaction((tx) => databaseStorage.put(tx, done.key, done.data));

    expect(await moveDiskUploads(db(), folder, new Date())).toEqual({
      moved: 2,
      removed: 0,
      missing: 0,
    });
    expect(await moveDiskUploads(db(), folder, new Date())).toEqual({
      moved: 0,
      removed: 0,
      missing: 0,
    });
    for (const f of [done, left])
      expect((await databaseStorage.get(db(), f.key))!.equals(f.data)).toBe(true);
  });

  it('counts the records whose file was lost from the folder', async () => {
    const folder = path.join(work, 'lost');
    const lost = await oldUpload(folder, true, '#123456');
    await oldUpload(folder, true, '#654321');
    await fs.rm(path.join(folder, lost.key));

    expect(await moveDiskUploads(db(), folder, new Date())).toEqual({
      moved: 1,
      removed: 0,
      missing: 1,
    });
  });

  it('does nothing without a folder', async () => {
    expect(await moveDiskUploads(db(), path.join(work, 'none'), new Date())).toEqual({
      moved: 0,
      removed: 0,
      missing: 0,
    });
  });
});
