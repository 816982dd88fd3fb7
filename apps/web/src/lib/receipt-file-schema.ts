import { z } from 'zod';

/** docs/product.md section 4: a receipt is a JPEG, PNG, WebP, HEIC or PDF of at most 10 MB. */
export const MAX_RECEIPT_BYTES = 10 * 1024 * 1024;
const RECEIPT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
  'application/pdf',
];
// Some phones hand over a HEIC photo with no type at all; the server checks the content anyway.
const RECEIPT_EXTENSIONS = /\.(jpe?g|png|webp|heic|heif|pdf)$/i;

export const isReceiptType = (file: File) =>
  RECEIPT_TYPES.includes(file.type) || (file.type === '' && RECEIPT_EXTENSIONS.test(file.name));

/**
 * A file under the receipts' rules (a dues receipt, a loan repayment's, or a message's
 * attachment), checked before it is sent; `missing` is the sentence when there is none.
 */
export const receiptFile = (missing: string) =>
  // A refinement rather than z.custom's own check: z.custom's failure aborts the whole form's
  // checks, so an amount above what is owed would only be said once a file is attached.
  z
    .custom<File>()
    .refine((value) => value instanceof File, missing)
    .refine(
      (file) => !(file instanceof File) || file.size <= MAX_RECEIPT_BYTES,
      /*i18n*/ 'This file is larger than 10 MB. Please send a smaller file.',
    )
    .refine(
      (file) => !(file instanceof File) || isReceiptType(file),
      /*i18n*/ 'This file type is not accepted. Please send a JPEG, PNG, WebP or HEIC photo, or a PDF.',
    );
