import { readFile } from 'node:fs/promises';
import { crc32, deflateSync } from 'node:zlib';
import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { decodeHeic, declaredImageSizes } from './decode-heic.ts';
import { MAX_UPLOAD_BYTES, sanitizeUpload } from './sanitize-upload.ts';

const NOT_ACCEPTED =
  'This file type is not accepted. Please send a JPEG, PNG, WebP or HEIC photo, or a PDF.';
const TOO_LARGE = 'This image is too large to process. Please send a smaller photo.';
const UNREADABLE =
  'This file could not be read. Please send a clear photo or a PDF of the receipt.';

const GPS_EXIF = {
  IFD0: { Make: 'TestCam' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '25/1 12/1 0/1',
    GPSLongitudeRef: 'E',
    GPSLongitude: '55/1 16/1 0/1',
  },
};
const SCRIPT = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
);

function solid(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } },
  });
}

async function rejectionOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('Expected the upload to be refused');
}

function includesText(data: Buffer, text: string): boolean {
  return data.includes(text, 0, 'latin1');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

// A few hundred bytes whose header promises width × height RGB pixels.
function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(256))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// Rewrites the frame header of a baseline JPEG so it declares another size.
function jpegDeclaring(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg);
  let offset = 2;
  while (offset < out.length) {
    const marker = out.readUInt16BE(offset);
    if (marker === 0xffc0) {
      out.writeUInt16BE(height, offset + 5);
      out.writeUInt16BE(width, offset + 7);
      return out;
    }
    offset += 2 + out.readUInt16BE(offset + 2);
  }
  throw new Error('No SOF0 segment');
}

function withJpegComment(jpeg: Buffer, comment: Buffer): Buffer {
  const length = Buffer.alloc(2);
  length.writeUInt16BE(comment.length + 2);
  return Buffer.concat([
    jpeg.subarray(0, 2),
    Buffer.from([0xff, 0xfe]),
    length,
    comment,
    jpeg.subarray(2),
  ]);
}

async function heicSample(): Promise<Buffer> {
  return readFile(new URL('./fixtures/receipt-gps.heic', import.meta.url));
}

function withStoredSizes(heic: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(heic);
  for (
    let at = out.indexOf('ispe', 0, 'latin1');
    at !== -1;
    at = out.indexOf('ispe', at + 4, 'latin1')
  ) {
    out.writeUInt32BE(width, at + 8);
    out.writeUInt32BE(height, at + 12);
  }
  return out;
}

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

describe('sanitizeUpload: PDF', () => {
  it('stores a PDF as it is', async () => {
    const out = await sanitizeUpload(PDF);

    expect(out).toEqual({ data: PDF, mime: 'application/pdf', ext: 'pdf', kind: 'pdf' });
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
