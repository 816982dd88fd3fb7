import { z } from 'zod';

/** A file part of a multipart form, as the multipart plugin hands it to the route. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return (
    typeof value === 'object' &&
    value !== null &&
    Buffer.isBuffer((value as UploadedFile).data) &&
    typeof (value as UploadedFile).filename === 'string'
  );
}

/** A multipart file field, described in the OpenAPI document as binary. */
export const uploadedFile = (
  what: string,
  notAFile: string,
  kinds = 'JPEG, PNG, WebP, HEIC or PDF',
) =>
  z.custom<UploadedFile>(isUploadedFile, { error: notAFile }).meta({
    type: 'string',
    format: 'binary',
    description: `${what} (${kinds}, at most 10 MB)`,
  });
