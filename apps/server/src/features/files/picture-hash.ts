import { createHash } from 'node:crypto';
import sharp from 'sharp';

/**
 * Pictures whose hashes differ in at most this many of 64 bits count as the same picture.
 * Resized and re-compressed copies measured 0 (photos) to 5 (a screenshot at 40 %, JPEG 40);
 * unrelated pictures 26 to 41 (picture-hash.test.ts).
 */
export const SAME_PICTURE_MAX_DISTANCE = 6;

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
