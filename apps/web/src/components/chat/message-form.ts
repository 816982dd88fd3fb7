import { z } from 'zod';
import { sendMessageFields } from '@jamiya/contracts/messages';

/** The same rules as a receipt's (PRODUCT.md section 4): an image or a PDF of at most 10 MB. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
const ATTACHMENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
  'application/pdf',
];
// Some phones hand over a HEIC photo with no type at all; the server checks the content anyway.
const ATTACHMENT_EXTENSIONS = /\.(jpe?g|png|webp|heic|heif|pdf)$/i;

const isAttachmentType = (file: File) =>
  ATTACHMENT_TYPES.includes(file.type) ||
  (file.type === '' && ATTACHMENT_EXTENSIONS.test(file.name));

/** The composer: the server's message rule, and the attachment checked before it is sent. */
export const messageForm = sendMessageFields.extend({
  attachment: z
    .custom<File>((value) => value instanceof File, 'Attach a photo or a PDF.')
    .refine(
      (file) => file.size <= MAX_ATTACHMENT_BYTES,
      'This file is larger than 10 MB. Please send a smaller file.',
    )
    .refine(
      isAttachmentType,
      'This file type is not accepted. Please send a JPEG, PNG, WebP or HEIC photo, or a PDF.',
    )
    .optional(),
});
export type MessageFormInput = z.input<typeof messageForm>;
export type MessageFormOutput = z.output<typeof messageForm>;
export const messageFieldNames: readonly string[] = ['body', 'attachment'];
