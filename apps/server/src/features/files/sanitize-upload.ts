import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { payloadTooLarge, unprocessable, unsupportedMediaType } from '../../lib/errors.ts';
import { sentence, type Sentence } from '../../lib/i18n.ts';
import { decodeHeic } from './decode-heic.ts';
import { pictureHashOf, sha256Of } from './picture-hash.ts';
import { rewritePdf } from './sanitize-pdf.ts';

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
}

export interface SanitizeOptions {
  allowed?: readonly UploadKind[];
  maxPixels?: number;
  maxBytes?: number;
}

/** docs/product.md section 4: a receipt is at most 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const DEFAULT_MAX_PIXELS = 40_000_000;
const MAX_SIDE = 12_000;
const LOSSY_QUALITY = 85;
// Readers look for the end-of-file marker only this far from the end.
const PDF_EOF_WINDOW = 1024;

const PHOTO_KINDS: readonly Exclude<UploadKind, 'pdf'>[] = ['jpeg', 'png', 'webp', 'heic'];
const ALL_KINDS: readonly UploadKind[] = [...PHOTO_KINDS, 'pdf'];

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

const TOO_LARGE = 'This image is too large to process. Please send a smaller photo.';
const UNREADABLE =
  'This file could not be read. Please send a clear photo or a PDF of the receipt.';

export async function sanitizeUpload(
  input: Buffer,
  options: SanitizeOptions = {},
): Promise<SanitizedUpload> {
  const clean = await sanitizeBytes(input, options);
  // Hashed from the stored copy: already decoded (HEIC too) and turned upright.
  const pictureHash = clean.kind === 'pdf' ? null : await pictureHashOf(clean.data);
  return { ...clean, originalSha256: sha256Of(input), pictureHash };
}

async function sanitizeBytes(input: Buffer, options: SanitizeOptions): Promise<SanitizedUpload> {
  const allowed = options.allowed ?? ALL_KINDS;
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;

  if (input.length > maxBytes) {
    throw payloadTooLarge(
      sentence('This file is larger than {size}. Please send a smaller file.', {
        size: formatMegabytes(maxBytes),
      }),
    );
  }

  const detected = input.length > 0 ? await fileTypeFromBuffer(input) : undefined;
  const kind = detected ? KIND_BY_DETECTED_EXT[detected.ext] : undefined;
  if (!kind || !allowed.includes(kind)) throw unsupportedMediaType(notAcceptedMessage(allowed));

  if (kind === 'pdf') return cleanPdf(input);

  await checkImageHeader(input, kind, maxPixels);
  if (kind === 'heic') return reencodeHeic(input, maxPixels);

  // failOn 'error', not sharp's stricter default: some cameras write JPEGs that only warn,
  // and since only decoded pixels reach the output, a warning carries nothing through.
  // Orientation goes into the pixels because the EXIF that carried it is dropped.
  const image = sharp(input, { limitInputPixels: maxPixels, failOn: 'error' }).autoOrient();
  return { ...(await encode(image, kind)), kind };
}

// The stored copy is rewritten without scripts, actions that run by themselves and embedded
// files (sanitize-pdf.ts); what does not parse as a PDF with a page is refused.
async function cleanPdf(input: Buffer): Promise<SanitizedUpload> {
  // A PDF cut short in transit has no trailer: the same answer as a truncated photo.
  const hasHeader = input.subarray(0, 5).toString('latin1') === '%PDF-';
  const hasEof = input.subarray(-PDF_EOF_WINDOW).includes('%%EOF', 0, 'latin1');
  if (!hasHeader || !hasEof) throw unprocessable(UNREADABLE);
  let data: Buffer;
  try {
    data = await rewritePdf(input);
  } catch {
    throw unprocessable(UNREADABLE);
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
    throw unprocessable(UNREADABLE);
  }
  if (metadata.format !== SHARP_FORMAT[kind]) throw unprocessable(UNREADABLE);
  const { width, height } = metadata;
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > maxPixels) {
    throw unprocessable(TOO_LARGE);
  }
}

// sharp's bundled libvips reads HEIF headers but cannot decode HEVC, so libheif (as
// WebAssembly) decodes and sharp re-encodes the pixels as JPEG.
async function reencodeHeic(input: Buffer, maxPixels: number): Promise<SanitizedUpload> {
  const result = await decodeHeic(input, { maxPixels, maxSide: MAX_SIDE });
  if (!result.ok) throw unprocessable(result.reason === 'too_large' ? TOO_LARGE : UNREADABLE);
  const { width, height, data } = result.image;
  const image = sharp(data, {
    raw: { width, height, channels: 4 },
    limitInputPixels: maxPixels,
  }).flatten({ background: '#ffffff' });
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
  } catch {
    throw unprocessable(UNREADABLE);
  }
}

// The kinds the app accepts have their own words; another choice (in tests) is said in English.
function notAcceptedMessage(allowed: readonly UploadKind[]): Sentence {
  const photos = allowed.filter((kind) => kind !== 'pdf');
  const hasPdf = allowed.includes('pdf');
  const hasEveryPhoto = PHOTO_KINDS.every((kind) => photos.includes(kind));
  const accepted = hasEveryPhoto
    ? hasPdf
      ? 'any'
      : 'photo'
    : photos.length === 0 && hasPdf
      ? 'pdf'
      : 'other';
  return sentence(
    'This file type is not accepted. Please send {accepted, select, any {a JPEG, PNG, WebP or HEIC photo, or a PDF} photo {a JPEG, PNG, WebP or HEIC photo} pdf {a PDF} other {{choices}}}.',
    { accepted, choices: choicesInEnglish(allowed) },
  );
}

function choicesInEnglish(allowed: readonly UploadKind[]): string {
  const labels: Record<Exclude<UploadKind, 'pdf'>, string> = {
    jpeg: 'JPEG',
    png: 'PNG',
    webp: 'WebP',
    heic: 'HEIC',
  };
  const photoLabels = allowed.flatMap((kind) => (kind === 'pdf' ? [] : [labels[kind]]));
  const choices: string[] = [];
  if (photoLabels.length > 0) choices.push(`a ${joinWithOr(photoLabels)} photo`);
  if (allowed.includes('pdf')) choices.push('a PDF');
  return choices.join(', or ');
}

function joinWithOr(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}
