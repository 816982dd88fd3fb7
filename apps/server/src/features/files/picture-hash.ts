import { createHash } from 'node:crypto';
import sharp from 'sharp';

/**
 * Pictures whose hashes differ in at most this many of 64 bits may be the same picture (the
 * grid below decides). Resized and re-compressed copies measured 0 (photos) to 5 (a screenshot
 * at 40 %, JPEG 40); unrelated pictures 26 to 41; but receipts of one template that differ only
 * in their text 0 to 5 too (picture-hash.test.ts).
 */
export const SAME_PICTURE_MAX_DISTANCE = 6;

/**
 * The grid: the picture in grey at 96 × 96, through 512 × 512 so that a copy sent at another
 * size resizes the same way. Two cells differ when their greys are more than 48 apart (ink
 * against paper; a photo's texture, resized, moves less); pictures with at most 6 such cells
 * are the same. Measured on a made set of 30 receipts of one template
 * (test/support/template-receipts.ts): copies sent again (JPEG 40, half size, 40 % at JPEG 40,
 * PNG, WebP) and photos resized and re-compressed differed in 0 cells; receipts with their own
 * date, amount and reference in 30 or more (docs/performance.md).
 */
const GRID_THROUGH = 512;
const GRID_SIDE = 96;
const GRID_CELL_TOLERANCE = 48;
export const SAME_PICTURE_MAX_CELLS = 6;

export function sha256Of(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * A 64-bit difference hash (dHash): the picture in grey at 9×8, one bit per pair of
 * neighbours in a row (is the left one brighter). Scaling and re-compression barely move it,
 * and sharp does all the decoding, so no package is needed for it. Signed, as the bigint
 * column stores it.
 */
export async function pictureHashOf(image: Buffer): Promise<bigint> {
  // Transparent parts as a viewer shows them (on white); one grey channel out.
  const px = await sharp(image)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(9, 8, { fit: 'fill' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  let hash = 0n;
  for (let y = 0; y < 8; y += 1) {
    for (let x = 0; x < 8; x += 1) {
      hash = (hash << 1n) | (px[y * 9 + x]! > px[y * 9 + x + 1]! ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, hash);
}

/** How many of the 64 bits two picture hashes differ in. */
export function hashDistance(a: bigint, b: bigint): number {
  let diff = BigInt.asUintN(64, a ^ b);
  let bits = 0;
  while (diff) {
    bits += Number(diff & 1n);
    diff >>= 1n;
  }
  return bits;
}

/** The picture's 96 × 96 grey grid (9,216 bytes, a byte a cell), for gridDistance. */
export async function pictureGridOf(image: Buffer): Promise<Buffer> {
  const through = await sharp(image)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(GRID_THROUGH, GRID_THROUGH, { fit: 'fill' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  return sharp(through, { raw: { width: GRID_THROUGH, height: GRID_THROUGH, channels: 1 } })
    .resize(GRID_SIDE, GRID_SIDE, { fit: 'fill' })
    .raw()
    .toBuffer();
}

/** How many cells of two grids differ by more than the tolerance. */
export function gridDistance(a: Buffer, b: Buffer): number {
  if (a.length !== b.length) return a.length;
  let cells = 0;
  for (let i = 0; i < a.length; i += 1)
    if (Math.abs(a[i]! - b[i]!) > GRID_CELL_TOLERANCE) cells += 1;
  return cells;
}
