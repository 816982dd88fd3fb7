// The one error type the app throws on purpose. The error handler turns it into
// docs/product.md section 2's shape: { status_code, message, errors? }, in the reader's
// language: the message and field errors are English sentences, translated when sent.
import { translate, type Say } from './i18n.ts';

export type FieldErrors = Record<string, Say[]>;

export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly errors: FieldErrors | undefined;

  readonly say: Say;

  constructor(statusCode: number, code: string, say: Say, errors?: FieldErrors) {
    // In English with its values, for the log and for code that reads the error itself.
    super(translate('en', say));
    this.say = say;
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    this.errors = errors;
  }
}

export const badRequest = (message: Say, errors?: FieldErrors) =>
  new AppError(400, 'bad_request', message, errors);
export const unauthorized = (message: Say = /*i18n*/ 'Please sign in to continue.') =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message: Say = /*i18n*/ 'You are not allowed to do this.') =>
  new AppError(403, 'forbidden', message);
export const notFound = (message: Say = /*i18n*/ 'We could not find what you asked for.') =>
  new AppError(404, 'not_found', message);
export const conflict = (message: Say, errors?: FieldErrors) =>
  new AppError(409, 'conflict', message, errors);
export const payloadTooLarge = (message: Say) => new AppError(413, 'payload_too_large', message);
export const unsupportedMediaType = (message: Say) =>
  new AppError(415, 'unsupported_media_type', message);
export const unprocessable = (message: Say, errors?: FieldErrors) =>
  new AppError(422, 'validation_failed', message, errors);
export const tooManyRequests = (message: Say) => new AppError(429, 'too_many_requests', message);
