// The one error type the app throws on purpose. The error handler turns it into
// docs/product.md section 2's shape: { status_code, message, errors? }.
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly errors: FieldErrors | undefined;

  constructor(statusCode: number, code: string, message: string, errors?: FieldErrors) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    this.errors = errors;
  }
}

export const badRequest = (message: string, errors?: FieldErrors) =>
  new AppError(400, 'bad_request', message, errors);
export const unauthorized = (message = 'Please sign in to continue.') =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this.') =>
  new AppError(403, 'forbidden', message);
export const notFound = (message = 'We could not find what you asked for.') =>
  new AppError(404, 'not_found', message);
export const conflict = (message: string, errors?: FieldErrors) =>
  new AppError(409, 'conflict', message, errors);
export const payloadTooLarge = (message: string) => new AppError(413, 'payload_too_large', message);
export const unsupportedMediaType = (message: string) =>
  new AppError(415, 'unsupported_media_type', message);
export const unprocessable = (message: string, errors?: FieldErrors) =>
  new AppError(422, 'validation_failed', message, errors);
export const tooManyRequests = (message: string) => new AppError(429, 'too_many_requests', message);
