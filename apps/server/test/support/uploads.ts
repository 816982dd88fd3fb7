// Images and checks shared by the upload tests: samples are made in memory with sharp, or
// crafted byte by byte where sharp would refuse to make them.
import { readFile } from 'node:fs/promises';
import { createDeflate, crc32, deflateSync } from 'node:zlib';
import { PDFDocument, PDFName } from 'pdf-lib';
import sharp from 'sharp';
import { expect } from 'vitest';
import { AppError } from '../../src/lib/errors.ts';

export const TOO_LARGE = 'This image is too large to process. Please send a smaller photo.';
export const UNREADABLE =
  'This file could not be read. Please send a clear photo or a PDF of the receipt.';
export const PDF_TOO_LARGE =
  'This PDF is too large to process. Please send a smaller PDF or a photo of the receipt.';
export const TOO_MUCH_WORK = 'This file is too large to process. Please send a smaller file.';

export const GPS_EXIF = {
  IFD0: { Make: 'TestCam' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '25/1 12/1 0/1',
    GPSLongitudeRef: 'E',
    GPSLongitude: '55/1 16/1 0/1',
  },
};
export const SCRIPT = Buffer.from(
  '<html><body><script>alert(document.cookie)</script></body></html>',
);

export function solid(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } },
  });
}

export async function rejectionOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('Expected the upload to be refused');
}

export function includesText(data: Buffer, text: string): boolean {
  return data.includes(text, 0, 'latin1');
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

// A few hundred bytes whose header promises width × height RGB pixels.
export function pngDeclaring(width: number, height: number): Buffer {
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
export function jpegDeclaring(jpeg: Buffer, width: number, height: number): Buffer {
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

export function withJpegComment(jpeg: Buffer, comment: Buffer): Buffer {
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

export async function heicSample(): Promise<Buffer> {
  return readFile(new URL('../../src/features/files/fixtures/receipt-gps.heic', import.meta.url));
}

export function withStoredSizes(heic: Buffer, width: number, height: number): Buffer {
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

/**
 * A real one-page PDF, made with pdf-lib; given `size`, exactly that many bytes long (the
 * page's content stream is padded with spaces). A bare "%PDF-…%%EOF" is refused since
 * uploads are parsed (sanitize-pdf.ts).
 */
export async function onePagePdf(options: { size?: number; text?: string } = {}): Promise<Buffer> {
  const make = async (padding: number) => {
    const doc = await PDFDocument.create({ updateMetadata: false });
    const page = doc.addPage([300, 200]);
    page.drawText(options.text ?? 'Receipt', { x: 20, y: 150 });
    if (padding > 0) {
      const stream = doc.context.stream(Buffer.alloc(padding, 0x20));
      const contents = page.node.get(PDFName.of('Contents'));
      page.node.set(
        PDFName.of('Contents'),
        doc.context.obj([doc.context.register(stream), ...(contents ? [contents] : [])]),
      );
    }
    return Buffer.from(await doc.save({ useObjectStreams: false }));
  };
  let pdf = await make(0);
  if (options.size === undefined) return pdf;
  // The stream's /Length and the offsets grow by a digit or two with the padding.
  let padding = options.size - pdf.length;
  for (let tries = 0; tries < 5 && pdf.length !== options.size; tries++) {
    pdf = await make(padding);
    padding += options.size - pdf.length;
  }
  if (pdf.length !== options.size) throw new Error(`Could not make a ${options.size}-byte PDF`);
  return pdf;
}

/** Deflates `size` bytes of spaces without holding them: a gigabyte takes about 2 s. */
async function deflatedSpaces(size: number): Promise<Buffer> {
  const chunk = Buffer.alloc(Math.min(size, 16 * 1024 * 1024), 0x20);
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (data: Buffer) => out.push(data));
  const ended = new Promise((resolve, reject) => {
    deflate.on('end', resolve).on('error', reject);
  });
  for (let left = size; left > 0; left -= chunk.length) {
    const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
    if (!deflate.write(part)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat(out);
}

/**
 * A small one-page PDF whose object stream inflates to `inflatesTo` bytes of spaces (issue 32:
 * 3 MB that became 3 GB). With `twice`, the stream is deflated twice over and names both
 * filters, so only its second stage is large.
 */
export async function pdfBomb(inflatesTo: number, options: { twice?: boolean } = {}) {
  let data = await deflatedSpaces(inflatesTo);
  if (options.twice) data = deflateSync(data);
  const filter = options.twice ? '[/FlateDecode /FlateDecode]' : '/FlateDecode';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  let at = parts[0]!.length;
  const push = (part: Buffer) => {
    parts.push(part);
    at += part.length;
  };
  objects.forEach((body, i) => {
    offsets.push(at);
    push(Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`));
  });
  offsets.push(at);
  push(
    Buffer.from(
      `4 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter ${filter} /Length ${data.length} >>\nstream\n`,
    ),
  );
  push(data);
  push(Buffer.from('\nendstream\nendobj\n'));
  const xref = at;
  const rows = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`);
  push(
    Buffer.from(
      `xref\n0 5\n0000000000 65535 f \n${rows.join('')}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}
