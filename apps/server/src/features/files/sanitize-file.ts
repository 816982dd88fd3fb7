import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { decodeHeic } from './decode-heic.ts';
import { pictureGridOf, pictureHashOf, sha256Of } from './picture-hash.ts';
import { PdfTooLargeError, rewritePdf } from './sanitize-pdf.ts';

// The work on an uploaded file: what it is, its copy re-encoded without anything but the
// picture (or the PDF without anything that runs), and its hashes. It runs in the file pool's
// threads (file-worker.ts), so it says why it refuses a file with a reason, and
// sanitize-upload.ts, on the main thread, turns the reason into the member's sentence.

export type UploadKind = 'jpeg' | 'png' | 'webp' | 'heic' | 'pdf';

export interface SanitizedUpload {
  data: Buffer;
  mime: string;
  ext: string;
  kind: UploadKind;
  // For possible duplicate receipts (admin/duplicates.ts). Optional so an upload built by
  // hand (in tests) still type-checks; such a file then never matches another.
  /** SHA-256 (hex) of the bytes as sent, before re-encoding. */
  originalSha256?: string;
  /** dHash of the decoded picture (picture-hash.ts); null for a PDF. */
  pictureHash?: bigint | null;
  /** Its 96 × 96 grey grid (picture-hash.ts); null for a PDF. */
  pictureGrid?: Buffer | null;
}

export interface FileRules {
  allowed: readonly UploadKind[];
  maxPixels: number;
  /** sharp stops decoding or encoding after this long (its own timeout, in whole seconds). */
  imageSeconds: number;
}

export type RefusalReason =
  | 'not_accepted'
  | 'unreadable'
  | 'image_too_large'
  | 'pdf_too_large'
  /** Beyond the time or the memory a file may take. */
  | 'too_much_work';

export class UploadRefusedError extends Error {
  constructor(readonly reason: RefusalReason) {
    super(reason);
  }
}

export const PHOTO_KINDS: readonly Exclude<UploadKind, 'pdf'>[] = ['jpeg', 'png', 'webp', 'heic'];
export const ALL_KINDS: readonly UploadKind[] = [...PHOTO_KINDS, 'pdf'];

const MAX_SIDE = 12_000;
const LOSSY_QUALITY = 85;
// Readers look for the end-of-file marker only this far from the end.
const PDF_EOF_WINDOW = 1024;

// file-type's ext for each kind; HEIF brands (mif1, msf1, hevc) also come back as 'heic'.
const KIND_BY_DETECTED_EXT: Record<string, UploadKind> = {
  jpg: 'jpeg',
  png: 'png',
  webp: 'webp',
  heic: 'heic',
  pdf: 'pdf',
};

// The format sharp must see for each image kind; a disagreement means the two parsers read
// the bytes differently, which is how polyglots slip through.
const SHARP_FORMAT: Record<Exclude<UploadKind, 'pdf'>, string> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  heic: 'heif',
};

const refuse = (reason: RefusalReason) => new UploadRefusedError(reason);

/** The stored copy of `input` and its hashes; throws UploadRefusedError for a file refused. */
export async function sanitizeFile(input: Buffer, rules: FileRules): Promise<SanitizedUpload> {
  const clean = await sanitizeBytes(input, rules);
  // Hashed from the stored copy: already decoded (HEIC too) and turned upright.
  const isPicture = clean.kind !== 'pdf';
  const [pictureHash, pictureGrid] = isPicture
    ? await Promise.all([pictureHashOf(clean.data), pictureGridOf(clean.data)])
    : [null, null];
  return { ...clean, originalSha256: sha256Of(input), pictureHash, pictureGrid };
}

async function sanitizeBytes(input: Buffer, rules: FileRules): Promise<SanitizedUpload> {
  const { allowed, maxPixels } = rules;
  const detected = input.length > 0 ? await fileTypeFromBuffer(input) : undefined;
  const kind = detected ? KIND_BY_DETECTED_EXT[detected.ext] : undefined;
  if (!kind || !allowed.includes(kind)) throw refuse('not_accepted');

  if (kind === 'pdf') return cleanPdf(input);

  await checkImageHeader(input, kind, maxPixels);
  if (kind === 'heic') return reencodeHeic(input, rules);

  // failOn 'error', not sharp's stricter default: some cameras write JPEGs that only warn,
  // and since only decoded pixels reach the output, a warning carries nothing through.
  // Orientation goes into the pixels because the EXIF that carried it is dropped.
  const image = sharp(input, { limitInputPixels: maxPixels, failOn: 'error' })
    .timeout({ seconds: rules.imageSeconds })
    .autoOrient();
  return { ...(await encode(image, kind)), kind };
}

// The stored copy is rewritten without scripts, actions that run by themselves and embedded
// files (sanitize-pdf.ts); what does not parse as a PDF with a page is refused.
async function cleanPdf(input: Buffer): Promise<SanitizedUpload> {
  // A PDF cut short in transit has no trailer: the same answer as a truncated photo.
  const hasHeader = input.subarray(0, 5).toString('latin1') === '%PDF-';
  const hasEof = input.subarray(-PDF_EOF_WINDOW).includes('%%EOF', 0, 'latin1');
  if (!hasHeader || !hasEof) throw refuse('unreadable');
  let data: Buffer;
  try {
    data = await rewritePdf(input);
  } catch (error) {
    throw refuse(error instanceof PdfTooLargeError ? 'pdf_too_large' : 'unreadable');
  }
  return { data, mime: 'application/pdf', ext: 'pdf', kind: 'pdf' };
}

// Reads only the header, so a pixel flood is refused before any pixel buffer is allocated.
async function checkImageHeader(
  input: Buffer,
  kind: Exclude<UploadKind, 'pdf'>,
  maxPixels: number,
): Promise<void> {
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse('unreadable');
  }
  if (metadata.format !== SHARP_FORMAT[kind]) throw refuse('unreadable');
  const { width, height } = metadata;
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > maxPixels) {
    throw refuse('image_too_large');
  }
}

// sharp's bundled libvips reads HEIF headers but cannot decode HEVC, so libheif (as
// WebAssembly) decodes and sharp re-encodes the pixels as JPEG.
async function reencodeHeic(input: Buffer, rules: FileRules): Promise<SanitizedUpload> {
  const { maxPixels } = rules;
  const result = await decodeHeic(input, { maxPixels, maxSide: MAX_SIDE });
  if (!result.ok) throw refuse(result.reason === 'too_large' ? 'image_too_large' : 'unreadable');
  const { width, height, data } = result.image;
  const image = sharp(data, {
    raw: { width, height, channels: 4 },
    limitInputPixels: maxPixels,
  })
    .timeout({ seconds: rules.imageSeconds })
    .flatten({ background: '#ffffff' });
  return { ...(await encode(image, 'jpeg')), kind: 'heic' };
}

type OutputFormat = 'jpeg' | 'png' | 'webp';

const OUTPUT_TYPE: Record<OutputFormat, { mime: string; ext: string }> = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
};

// Unless asked to keep them, sharp writes no EXIF, XMP, IPTC or ICC profile (colours are
// converted to sRGB), and only decoded pixels reach the output, so comments, extra chunks
// and anything appended after the image's end marker are gone too.
async function encode(image: Sharp, format: OutputFormat): Promise<Omit<SanitizedUpload, 'kind'>> {
  const encoder =
    format === 'jpeg'
      ? image.jpeg({ quality: LOSSY_QUALITY })
      : format === 'png'
        ? image.png()
        : image.webp({ quality: LOSSY_QUALITY });
  try {
    return { data: await encoder.toBuffer(), ...OUTPUT_TYPE[format] };
  } catch (error) {
    // sharp's own timeout says "timeout: 42% complete".
    throw refuse(/^timeout:/.test((error as Error).message) ? 'too_much_work' : 'unreadable');
  }
}
