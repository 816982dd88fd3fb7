import { createHash } from 'node:crypto';
import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { MAX_UPLOAD_BYTES, sanitizeUpload } from './sanitize-upload.ts';
import {
  GPS_EXIF,
  SCRIPT,
  TOO_LARGE,
  TOO_MUCH_WORK,
  UNREADABLE,
  heicSample,
  includesText,
  jpegDeclaring,
  pngChunk,
  pngDeclaring,
  rejectionOf,
  solid,
  withJpegComment,
} from '../../../test/support/uploads.ts';

const NOT_ACCEPTED =
  'This file type is not accepted. Please send a JPEG, PNG, WebP or HEIC photo, or a PDF.';
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
);

describe('sanitizeUpload: JPEG', () => {
  it('drops EXIF, including GPS, and keeps the picture', async () => {
    const input = await solid(120, 80).jpeg().withExif(GPS_EXIF).toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();

    const out = await sanitizeUpload(input);

    expect(out).toMatchObject({ kind: 'jpeg', mime: 'image/jpeg', ext: 'jpg' });
    const metadata = await sharp(out.data).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 120, height: 80 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(includesText(out.data, 'TestCam')).toBe(false);
  });

  it('drops an embedded ICC profile, converting the colours to sRGB', async () => {
    const input = await solid(20, 20).jpeg().withIccProfile('p3').toBuffer();
    expect((await sharp(input).metadata()).icc).toBeDefined();

    const metadata = await sharp((await sanitizeUpload(input)).data).metadata();

    expect(metadata.icc).toBeUndefined();
  });

  it('turns the EXIF orientation into real rotation, since the tag is dropped', async () => {
    const input = await solid(40, 20).jpeg().withMetadata({ orientation: 6 }).toBuffer();

    const metadata = await sharp((await sanitizeUpload(input)).data).metadata();

    expect(metadata).toMatchObject({ width: 20, height: 40 });
    expect(metadata.orientation).toBeUndefined();
  });

  it('drops HTML appended after the end-of-image marker (polyglot)', async () => {
    const jpeg = await solid(64, 64).jpeg().toBuffer();
    const input = Buffer.concat([jpeg, SCRIPT]);

    const out = await sanitizeUpload(input);

    expect(includesText(out.data, '<script')).toBe(false);
    expect(out.data.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
  });

  it('drops a payload hidden in a comment segment', async () => {
    const jpeg = await solid(32, 32).jpeg().toBuffer();

    const out = await sanitizeUpload(withJpegComment(jpeg, SCRIPT));

    expect(includesText(out.data, '<script')).toBe(false);
  });

  it('refuses a truncated JPEG with 422', async () => {
    const noise = Buffer.alloc(200 * 150 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919) % 251;
    const jpeg = await sharp(noise, { raw: { width: 200, height: 150, channels: 3 } })
      .jpeg()
      .toBuffer();

    const error = await rejectionOf(sanitizeUpload(jpeg.subarray(0, jpeg.length / 2)));

    expect(error.statusCode).toBe(422);
    expect(error.message).toBe(UNREADABLE);
  });

  it('refuses a JPEG whose header declares too many pixels, before decoding it', async () => {
    const jpeg = await solid(16, 16).jpeg().toBuffer();

    const error = await rejectionOf(sanitizeUpload(jpegDeclaring(jpeg, 60_000, 60_000)));

    expect(error.statusCode).toBe(422);
    expect(error.message).toBe(TOO_LARGE);
  });
});

describe('sanitizeUpload: PNG and WebP', () => {
  it('re-encodes a PNG as a PNG of the same size', async () => {
    const input = await solid(90, 45).png().toBuffer();

    const out = await sanitizeUpload(input);

    expect(out).toMatchObject({ kind: 'png', mime: 'image/png', ext: 'png' });
    expect(await sharp(out.data).metadata()).toMatchObject({
      format: 'png',
      width: 90,
      height: 45,
    });
  });

  it('drops text chunks and trailing bytes from a PNG', async () => {
    const png = await solid(30, 30).png().toBuffer();
    const afterHeader = 8 + 25;
    const text = pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), SCRIPT]));
    const input = Buffer.concat([
      png.subarray(0, afterHeader),
      text,
      png.subarray(afterHeader),
      SCRIPT,
    ]);
    expect((await sharp(input).metadata()).width).toBe(30);

    const out = await sanitizeUpload(input);

    expect(includesText(out.data, '<script')).toBe(false);
  });

  it('re-encodes a WebP as a WebP of the same size', async () => {
    const input = await solid(77, 33).webp().withExif(GPS_EXIF).toBuffer();

    const out = await sanitizeUpload(input);

    expect(out).toMatchObject({ kind: 'webp', mime: 'image/webp', ext: 'webp' });
    const metadata = await sharp(out.data).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 77, height: 33 });
    expect(metadata.exif).toBeUndefined();
  });

  it(
    'refuses a tiny PNG whose header declares 50000 × 50000 pixels, at once',
    { timeout: 5_000 },
    async () => {
      const input = pngDeclaring(50_000, 50_000);
      expect(input.length).toBeLessThan(1_000);

      const error = await rejectionOf(sanitizeUpload(input));

      expect(error.statusCode).toBe(422);
      expect(error.message).toBe(TOO_LARGE);
    },
  );

  it('refuses a side longer than 12000 even when the pixel count is low', async () => {
    const error = await rejectionOf(sanitizeUpload(pngDeclaring(12_001, 1)));

    expect(error.statusCode).toBe(422);
    expect(error.message).toBe(TOO_LARGE);
  });

  it('honours a lower maxPixels', async () => {
    const input = await solid(100, 100).png().toBuffer();

    const error = await rejectionOf(sanitizeUpload(input, { maxPixels: 5_000 }));

    expect(error.statusCode).toBe(422);
    expect((await sanitizeUpload(input, { maxPixels: 10_000 })).kind).toBe('png');
  });
});

describe('sanitizeUpload: PDF', () => {
  // sanitize-pdf.test.ts checks what the rewritten copy keeps and drops.
  it('stores a rewritten copy of a PDF', async () => {
    const out = await sanitizeUpload(PDF);

    expect(out).toEqual({
      data: expect.any(Buffer),
      mime: 'application/pdf',
      ext: 'pdf',
      kind: 'pdf',
      // Of the bytes as sent; a PDF has no picture to hash.
      originalSha256: createHash('sha256').update(PDF).digest('hex'),
      pictureHash: null,
      pictureGrid: null,
    });
    expect(out.data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  // A PDF without its trailer is a damaged file of an accepted type, like a truncated photo.
  it('refuses a PDF with no %%EOF with 422', async () => {
    const input = PDF.subarray(0, PDF.indexOf('%%EOF'));

    const error = await rejectionOf(sanitizeUpload(input));

    expect(error.statusCode).toBe(422);
    expect(error.message).toBe(UNREADABLE);
  });

  it('refuses a PDF whose %%EOF is followed by a kilobyte or more of other bytes', async () => {
    const input = Buffer.concat([PDF, Buffer.alloc(1024, ' '), SCRIPT]);

    expect((await rejectionOf(sanitizeUpload(input))).statusCode).toBe(422);
  });
});

describe('sanitizeUpload: refused types', () => {
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
  );
  const zip = Buffer.concat([
    Buffer.from('PK\x03\x04', 'latin1'),
    Buffer.alloc(26),
    Buffer.from('a.txt'),
  ]);

  it.each([
    ['HTML', SCRIPT],
    ['SVG', svg],
    ['plain text (say, named receipt.jpg)', Buffer.from('not really a photo\n')],
    ['an empty buffer', Buffer.alloc(0)],
    ['a zip archive', zip],
  ])('refuses %s with 415', async (_name, input) => {
    const error = await rejectionOf(sanitizeUpload(input));

    expect(error.statusCode).toBe(415);
    expect(error.message).toBe(NOT_ACCEPTED);
  });

  it('refuses GIF and AVIF with 415', async () => {
    const gif = await solid(10, 10).gif().toBuffer();
    const avif = await solid(10, 10).avif().toBuffer();

    expect((await rejectionOf(sanitizeUpload(gif))).statusCode).toBe(415);
    expect((await rejectionOf(sanitizeUpload(avif))).statusCode).toBe(415);
  });

  it('refuses a kind left out of `allowed`, naming only the allowed ones', async () => {
    const png = await solid(10, 10).png().toBuffer();

    const onlyJpegOrPdf = await rejectionOf(sanitizeUpload(png, { allowed: ['jpeg', 'pdf'] }));
    const onlyPdf = await rejectionOf(sanitizeUpload(png, { allowed: ['pdf'] }));

    expect(onlyJpegOrPdf.statusCode).toBe(415);
    expect(onlyJpegOrPdf.message).toBe(
      'This file type is not accepted. Please send a JPEG photo, or a PDF.',
    );
    expect(onlyPdf.message).toBe('This file type is not accepted. Please send a PDF.');
  });

  it('refuses a file over 10 MB with 413, whatever it holds', async () => {
    const input = Buffer.concat([PDF, Buffer.alloc(MAX_UPLOAD_BYTES)]);

    const error = await rejectionOf(sanitizeUpload(input));

    expect(error.statusCode).toBe(413);
    expect(error.message).toBe('This file is larger than 10 MB. Please send a smaller file.');
  });
});

describe('sanitizeUpload: damaged input never escapes as an unexpected error', () => {
  const signatures = [
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('RIFF\x00\x10\x00\x00WEBPVP8 ', 'latin1'),
    Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic', 'latin1'),
    Buffer.from('%PDF-1.7\n', 'latin1'),
  ];

  async function outcome(input: Buffer): Promise<number> {
    try {
      await sanitizeUpload(input);
      return 200;
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return (error as AppError).statusCode;
    }
  }

  it(
    'answers 415 or 422 for random bytes behind a real signature',
    { timeout: 60_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...signatures),
          fc.uint8Array({ maxLength: 512 }),
          async (signature, tail) => {
            expect([415, 422]).toContain(await outcome(Buffer.concat([signature, tail])));
          },
        ),
        { numRuns: 60 },
      );
    },
  );

  // file-type gives up on some damaged files (a PNG chunk length gone wrong), hence 415.
  it(
    'answers 200, 415 or 422 for real images with bytes overwritten',
    { timeout: 60_000 },
    async () => {
      const samples = [
        await solid(24, 24).jpeg().toBuffer(),
        await solid(24, 24).png().toBuffer(),
        await solid(24, 24).webp().toBuffer(),
        await heicSample(),
      ];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...samples),
          fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), {
            minLength: 1,
            maxLength: 8,
          }),
          async (sample, edits) => {
            const input = Buffer.from(sample);
            // Keep the signature so the bytes still reach the decoder.
            for (const [at, byte] of edits) input[16 + (at % (input.length - 16))] = byte;
            expect([200, 415, 422]).toContain(await outcome(input));
          },
        ),
        { numRuns: 60 },
      );
    },
  );
});

// Issue 32: the work on a file runs in the file pool's threads, each file within a time limit.
describe('sanitizeUpload: the time a file may take', () => {
  it('stops a file that takes longer than its limit with 422, and takes the next as usual', async () => {
    const large = await solid(6000, 6000).png().toBuffer();

    for (let i = 0; i < 3; i++) {
      const error = await rejectionOf(sanitizeUpload(large, { timeLimitMs: 100 }));
      expect(error.statusCode).toBe(422);
      expect(error.message).toBe(TOO_MUCH_WORK);
    }

    expect((await sanitizeUpload(await solid(64, 48).jpeg().toBuffer())).kind).toBe('jpeg');
  });
});
