import { payloadTooLarge, unprocessable, unsupportedMediaType } from '../../lib/errors.ts';
import { sentence, type Sentence } from '../../lib/i18n.ts';
import { FILE_TIME_LIMIT_MS, inFilePool } from './file-pool.ts';
import {
  ALL_KINDS,
  PHOTO_KINDS,
  type RefusalReason,
  type SanitizedUpload,
  type UploadKind,
} from './sanitize-file.ts';

export type { SanitizedUpload, UploadKind } from './sanitize-file.ts';

export interface SanitizeOptions {
  allowed?: readonly UploadKind[];
  maxPixels?: number;
  maxBytes?: number;
  /** How long the file may be worked on (file-pool.ts); shorter in tests. */
  timeLimitMs?: number;
}

/** docs/product.md section 4: a receipt is at most 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const DEFAULT_MAX_PIXELS = 40_000_000;

const TOO_LARGE = /*i18n*/ 'This image is too large to process. Please send a smaller photo.';
const UNREADABLE =
  /*i18n*/ 'This file could not be read. Please send a clear photo or a PDF of the receipt.';
const PDF_TOO_LARGE =
  /*i18n*/ 'This PDF is too large to process. Please send a smaller PDF or a photo of the receipt.';
const TOO_MUCH_WORK = /*i18n*/ 'This file is too large to process. Please send a smaller file.';

/**
 * A member's file checked by its content and re-encoded (sanitize-file.ts), in the file pool's
 * threads: its stored copy and its hashes, or the refusal the member reads (413, 415, 422).
 */
export async function sanitizeUpload(
  input: Buffer,
  options: SanitizeOptions = {},
): Promise<SanitizedUpload> {
  const allowed = options.allowed ?? ALL_KINDS;
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  if (input.length > maxBytes) {
    throw payloadTooLarge(
      sentence(/*i18n*/ 'This file is larger than {size}. Please send a smaller file.', {
        size: formatMegabytes(maxBytes),
      }),
    );
  }
  const timeLimitMs = options.timeLimitMs ?? FILE_TIME_LIMIT_MS;
  const result = await inFilePool(
    {
      // Copied to the thread: only the file's own bytes, not a larger buffer it may sit in.
      input: input.byteLength === input.buffer.byteLength ? input : new Uint8Array(input),
      rules: {
        allowed,
        maxPixels: options.maxPixels ?? DEFAULT_MAX_PIXELS,
        // sharp stops itself a little before the pool would stop its thread.
        imageSeconds: Math.max(1, Math.floor((timeLimitMs * 0.8) / 1000)),
      },
    },
    timeLimitMs,
  );
  if (!result.ok) throw refusal(result.reason, allowed);
  const { data } = result.upload;
  return { ...result.upload, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) };
}

function refusal(reason: RefusalReason, allowed: readonly UploadKind[]) {
  switch (reason) {
    case 'not_accepted':
      return unsupportedMediaType(notAcceptedMessage(allowed));
    case 'unreadable':
      return unprocessable(UNREADABLE);
    case 'image_too_large':
      return unprocessable(TOO_LARGE);
    case 'pdf_too_large':
      return unprocessable(PDF_TOO_LARGE);
    case 'too_much_work':
      return unprocessable(TOO_MUCH_WORK);
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
    /*i18n*/ 'This file type is not accepted. Please send {accepted, select, any {a JPEG, PNG, WebP or HEIC photo, or a PDF} photo {a JPEG, PNG, WebP or HEIC photo} pdf {a PDF} other {{choices}}}.',
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
