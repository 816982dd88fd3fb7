import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  gridDistance,
  hashDistance,
  pictureGridOf,
  pictureHashOf,
  SAME_PICTURE_MAX_CELLS,
  SAME_PICTURE_MAX_DISTANCE,
  sha256Of,
} from './picture-hash.ts';
import { sanitizeUpload } from './sanitize-upload.ts';
import { photoLike, resizedCopy } from '../../../test/support/pictures.ts';
import { onePagePdf } from '../../../test/support/uploads.ts';
import {
  receiptText,
  sentAgain,
  templateReceipt,
} from '../../../test/support/template-receipts.ts';

describe('picture hash', () => {
  let photo: Buffer;
  let other: Buffer;
  beforeAll(async () => {
    [photo, other] = await Promise.all([photoLike(1), photoLike(2)]);
  });

  it('is the same for the same picture', async () => {
    const again = await sharp(photo).png().toBuffer();
    expect(hashDistance(await pictureHashOf(photo), await pictureHashOf(photo))).toBe(0);
    expect(hashDistance(await pictureHashOf(photo), await pictureHashOf(again))).toBe(0);
  });

  it('stays within the threshold for resized and re-compressed copies', async () => {
    const hash = await pictureHashOf(photo);
    for (const [scale, quality] of [
      [0.6, 70],
      [0.3, 50],
    ] as const) {
      const copy = await pictureHashOf(await resizedCopy(photo, scale, quality));
      expect(hashDistance(hash, copy)).toBeLessThanOrEqual(SAME_PICTURE_MAX_DISTANCE);
    }
  });

  it('is far apart for a different picture', async () => {
    const distance = hashDistance(await pictureHashOf(photo), await pictureHashOf(other));
    expect(distance).toBeGreaterThan(SAME_PICTURE_MAX_DISTANCE * 3);
  });

  it('matches a real photo with the copy a messenger makes of it, and not another photo', async () => {
    const fixture = (name: string) => readFile(new URL(`./fixtures/${name}`, import.meta.url));
    const [coffee, cat] = await Promise.all([
      fixture('photo-coffee.jpg'),
      fixture('photo-cat.jpg'),
    ]);
    const hash = await pictureHashOf(coffee);
    // As WhatsApp sends a photo: smaller and re-compressed; and a screenshot of it as PNG.
    const copies = [
      await resizedCopy(coffee, 0.6, 70),
      await resizedCopy(coffee, 0.4, 55),
      await sharp(coffee).resize(360).png().toBuffer(),
    ];
    const grid = await pictureGridOf(coffee);
    for (const copy of copies) {
      expect(hashDistance(hash, await pictureHashOf(copy))).toBeLessThanOrEqual(
        SAME_PICTURE_MAX_DISTANCE,
      );
      expect(gridDistance(grid, await pictureGridOf(copy))).toBeLessThanOrEqual(
        SAME_PICTURE_MAX_CELLS,
      );
    }
    expect(hashDistance(hash, await pictureHashOf(cat))).toBeGreaterThan(
      SAME_PICTURE_MAX_DISTANCE * 3,
    );
  });

  it('counts differing bits, sign bit included', () => {
    expect(hashDistance(0n, -1n)).toBe(64);
    expect(hashDistance(-1n, BigInt.asIntN(64, 0x7fff_ffff_ffff_ffffn))).toBe(1);
    expect(hashDistance(5n, 6n)).toBe(2);
  });

  it('is computed by sanitizeUpload: SHA-256 of the bytes as sent, the picture of the stored copy', async () => {
    const out = await sanitizeUpload(photo);
    expect(out.originalSha256).toBe(sha256Of(photo));
    expect(out.originalSha256).not.toBe(sha256Of(out.data));
    expect(out.pictureHash).toBe(await pictureHashOf(out.data));
    expect(hashDistance(out.pictureHash!, await pictureHashOf(photo))).toBeLessThanOrEqual(1);

    const sent = await onePagePdf();
    const pdf = await sanitizeUpload(sent);
    expect(pdf.originalSha256).toBe(sha256Of(sent));
    expect(pdf.pictureHash).toBeNull();
  });
});

// Issue 50, point 11: 30 receipts of one exchange house's template were each a possible
// duplicate of all the others. Their hashes agree; their grids do not.
describe('receipts of one template', () => {
  const COUNT = 30;
  let receipts: Buffer[];
  let grids: Buffer[];
  beforeAll(async () => {
    receipts = await Promise.all(
      Array.from({ length: COUNT }, (_, n) => templateReceipt(receiptText(n))),
    );
    grids = await Promise.all(receipts.map(pictureGridOf));
  });

  const pairs = () =>
    Array.from({ length: COUNT }, (_, i) =>
      Array.from({ length: COUNT - i - 1 }, (_, k) => [i, i + k + 1] as const),
    ).flat();

  it('have hashes within the threshold, so the hash alone cannot tell them apart', async () => {
    const hashes = await Promise.all(receipts.map(pictureHashOf));
    const close = pairs().filter(
      ([i, j]) => hashDistance(hashes[i]!, hashes[j]!) <= SAME_PICTURE_MAX_DISTANCE,
    );
    expect(close.length).toBeGreaterThan(pairs().length / 2);
  });

  it('differ in their grids wherever their text differs: no two are the same picture', () => {
    const distances = pairs().map(([i, j]) => gridDistance(grids[i]!, grids[j]!));
    expect(Math.min(...distances)).toBeGreaterThan(SAME_PICTURE_MAX_CELLS * 4);
  });

  it('each sent again (smaller, re-compressed, PNG, WebP) is still the same picture', async () => {
    for (const n of [0, 7, 19]) {
      for (const [how, copy] of Object.entries(await sentAgain(receipts[n]!))) {
        const distance = gridDistance(grids[n]!, await pictureGridOf(copy));
        expect(distance, `receipt ${n}, ${how}`).toBeLessThanOrEqual(SAME_PICTURE_MAX_CELLS);
      }
    }
  });
});
