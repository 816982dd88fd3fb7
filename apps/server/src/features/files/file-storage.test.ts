import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser, storedFileCount, useTestApp } from '../../../test/harness.ts';
import type { User } from '../users/user-data.ts';
import { files } from '../../db/schema/files.ts';
import { databaseStorage, newStorageKey } from './file-storage.ts';
import { insertFileRow, pendingUpload } from './files.ts';
import { sanitizeUpload } from './sanitize-upload.ts';

// Decision 032: a file's bytes live in the database beside its row, written in its transaction.
const t = useTestApp();
const db = () => t.db;
let member: User;
let png: Buffer;

beforeAll(async () => {
  member = await makeUser(db());
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
});

describe('databaseStorage', () => {
  it('keeps the row and the bytes of a committed transaction, byte for byte', async () => {
    const upload = pendingUpload(databaseStorage, await sanitizeUpload(png), 'r.png');

    const row = await db().transaction((tx) => insertFileRow(tx, member.id, 'receipt', upload));

    expect(row.storageKey).toBe(upload.storageKey);
    const bytes = await databaseStorage.get(db(), upload.storageKey);
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect(bytes!.equals(upload.upload.data)).toBe(true);
  });

  it('keeps neither the row nor the bytes when the transaction rolls back', async () => {
    const upload = pendingUpload(databaseStorage, await sanitizeUpload(png), 'r.png');
    const before = await storedFileCount(db());

    await expect(
      db().transaction(async (tx) => {
        await insertFileRow(tx, member.id, 'receipt', upload);
        throw new Error('the payment failed after its receipt');
      }),
    ).rejects.toThrow('the payment failed');

    expect(await storedFileCount(db())).toBe(before);
    expect(await databaseStorage.get(db(), upload.storageKey)).toBeNull();
    expect(await db().select().from(files).where(eq(files.storageKey, upload.storageKey))).toEqual(
      [],
    );
  });

  it('refuses bytes that no row names, and drops the bytes with their row', async () => {
    await expect(
      db().transaction((tx) => databaseStorage.put(tx, newStorageKey(), Buffer.from('stray'))),
    ).rejects.toThrow();

    const upload = pendingUpload(databaseStorage, await sanitizeUpload(png), 'r.png');
    const row = await db().transaction((tx) => insertFileRow(tx, member.id, 'receipt', upload));
    await db().delete(files).where(eq(files.id, row.id));
    expect(await databaseStorage.get(db(), upload.storageKey)).toBeNull();
  });

  it('answers null for a key it does not hold', async () => {
    expect(await databaseStorage.get(db(), newStorageKey())).toBeNull();
  });

  it('keeps every byte value, and a 10 MB file, unchanged', async () => {
    const every = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const large = Buffer.alloc(10 * 1024 * 1024, every);
    for (const data of [every, large]) {
      const upload = pendingUpload(
        databaseStorage,
        { data, mime: 'application/pdf', ext: 'pdf', kind: 'pdf' },
        'x.pdf',
      );
      await db().transaction((tx) => insertFileRow(tx, member.id, 'message_attachment', upload));
      expect((await databaseStorage.get(db(), upload.storageKey))!.equals(data)).toBe(true);
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
