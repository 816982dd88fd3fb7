import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeHeic, declaredImageSizes } from './decode-heic.ts';
import { sanitizeUpload } from './sanitize-upload.ts';
import {
  TOO_LARGE,
  heicSample,
  includesText,
  rejectionOf,
  withStoredSizes,
} from '../../../test/support/uploads.ts';

describe('sanitizeUpload: HEIC', () => {
  it('decodes HEIC, stores it as JPEG and drops its EXIF', async () => {
    const input = await heicSample();
    expect((await sharp(input).metadata()).exif).toBeDefined();

    const out = await sanitizeUpload(input);

    expect(out).toMatchObject({ kind: 'heic', mime: 'image/jpeg', ext: 'jpg' });
    const metadata = await sharp(out.data).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(metadata.exif).toBeUndefined();
    expect(includesText(out.data, 'TestCam')).toBe(false);
    const { data } = await sharp(out.data).raw().toBuffer({ resolveWithObject: true });
    const leftPixel = [...data.subarray(0, 3)];
    const rightPixel = [...data.subarray(-3)];
    expect(leftPixel[0]).toBeGreaterThan(180); // red half
    expect(rightPixel[2]).toBeGreaterThan(180); // blue half
  });

  it('decodes a burst of HEIC uploads, a few at a time', async () => {
    const input = await heicSample();

    const outs = await Promise.all(Array.from({ length: 5 }, () => sanitizeUpload(input)));

    for (const out of outs) expect(out.mime).toBe('image/jpeg');
  });

  it('accepts the generic HEIF brand (mif1) too', async () => {
    const input = Buffer.from(await heicSample());
    input.write('mif1', 8, 'latin1');

    expect((await sanitizeUpload(input)).kind).toBe('heic');
  });

  it('refuses a truncated HEIC with 422', async () => {
    const input = await heicSample();

    const error = await rejectionOf(sanitizeUpload(input.subarray(0, input.length - 200)));

    expect(error.statusCode).toBe(422);
  });

  it('refuses a HEIC whose visible size is too large', async () => {
    const input = withStoredSizes(await heicSample(), 50_000, 50_000);

    const error = await rejectionOf(sanitizeUpload(input));

    expect(error.statusCode).toBe(422);
    expect(error.message).toBe(TOO_LARGE);
  });

  it('refuses a HEIC coded at a huge size behind a small crop', async () => {
    const input = await heicSample();
    // heif-enc codes 64×64 and crops to 64×48; only the coded size is made huge.
    expect(declaredImageSizes(input)).toEqual([
      { width: 64, height: 64 },
      { width: 64, height: 48 },
    ]);
    const coded = Buffer.from(input);
    const codedSize = coded.indexOf('ispe', 0, 'latin1');
    coded.writeUInt32BE(30_000, codedSize + 8);
    coded.writeUInt32BE(30_000, codedSize + 12);
    expect((await sharp(coded).metadata()).width).toBe(64);

    const error = await rejectionOf(sanitizeUpload(coded));

    expect(error.statusCode).toBe(422);
    expect(error.message).toBe(TOO_LARGE);
  });

  it('decodes nothing when a stored size breaks the limits', async () => {
    const input = await heicSample();

    expect(await decodeHeic(input, { maxPixels: 64 * 63, maxSide: 12_000 })).toEqual({
      ok: false,
      reason: 'too_large',
    });
    expect(await decodeHeic(input, { maxPixels: 40_000_000, maxSide: 63 })).toEqual({
      ok: false,
      reason: 'too_large',
    });
    expect(await decodeHeic(input, { maxPixels: 64 * 64, maxSide: 64 })).toMatchObject({
      ok: true,
      image: { width: 64, height: 48 },
    });
  });
});
