import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isRetryableConflict } from '../db/db-errors.ts';
import { AppError, type FieldErrors } from '../lib/errors.ts';
import { sentence } from '../lib/i18n.ts';
import { fileTooLarge } from './request-limits.ts';

// Messages for the framework's own 4xx errors, so a member reads a sentence, not a code.
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: /*i18n*/ 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: /*i18n*/ 'The request body is empty; send the fields as JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: /*i18n*/ 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: /*i18n*/ 'This kind of request body is not accepted here.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: /*i18n*/ 'The request body length is wrong.',
  FST_FILES_LIMIT: /*i18n*/ 'Send only one file with this form.',
  FST_PARTS_LIMIT: /*i18n*/ 'The form has too many parts.',
  FST_FIELDS_LIMIT: /*i18n*/ 'The form has too many fields.',
  FST_PROTO_VIOLATION: /*i18n*/ 'The form is malformed.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: /*i18n*/ 'Send this form as multipart/form-data.',
  FST_ERR_VALIDATION: /*i18n*/ 'Please check the highlighted fields.',
};

// The form parser (busboy) throws plain errors, with no status, for a body cut short or a
// missing boundary: the client's mistake, not a 500.
const MULTIPART_PARSE_ERROR =
  /^(Unexpected end of multipart data|Multipart: Boundary not found|Boundary required|\w+ terminated early due to unexpected end of multipart data)$/;

function isMalformedMultipart(error: FastifyError, contentType: string | undefined): boolean {
  return (
    error.statusCode === undefined &&
    /^multipart\//i.test(contentType ?? '') &&
    MULTIPART_PARSE_ERROR.test(error.message)
  );
}

function statusMessage(status: number): string {
  if (status === 404) return /*i18n*/ 'We could not find what you asked for.';
  if (status === 413) return /*i18n*/ 'The request is too large.';
  if (status === 415) return /*i18n*/ 'This kind of request body is not accepted here.';
  if (status === 429) return /*i18n*/ 'Too many requests. Please wait a moment and try again.';
  return /*i18n*/ 'The request could not be understood.';
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        status_code: error.statusCode,
        message: error.say,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // No prototype: a field named "constructor" is a field like any other.
      const errors: FieldErrors = Object.create(null) as FieldErrors;
      for (const issue of error.validation) {
        const params = issue.params as
          { issue?: { path?: PropertyKey[] }; keys?: string[] } | undefined;
        const path = params?.issue?.path ?? [];
        // A field a strict body does not take: named by itself, with what to do about it.
        if (issue.keyword === 'unrecognized_keys') {
          const at = issue.instancePath.split('/').filter(Boolean);
          for (const key of params?.keys ?? [])
            (errors[[...at, key].join('.')] ??= []).push(
              sentence(/*i18n*/ '{key} cannot be changed here.', { key }),
            );
          continue;
        }
        const named = path.length
          ? path.map(String).join('.')
          : issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        // No path at all: the body itself is wrong (not an object), not a field named "body".
        const field = named || 'body';
        const message = named
          ? (issue.message ?? /*i18n*/ 'Invalid value.')
          : /*i18n*/ 'Send the fields as a JSON object or a form.';
        (errors[field] ??= []).push(message);
      }
      const context = error.validationContext;
      const status = context === 'body' ? 422 : 400;
      return reply.status(status).send({
        status_code: status,
        message: /*i18n*/ 'Please check the highlighted fields.',
        errors,
      });
    }
    if (isMalformedMultipart(error, request.headers['content-type'])) {
      return reply
        .status(400)
        .send({ status_code: 400, message: FRAMEWORK_MESSAGES.FST_PROTO_VIOLATION });
    }
    // Still meeting another request after its runs again (db/client.ts): the client's next try
    // will pass, so it is told to try again, not that the server failed.
    if (isRetryableConflict(error)) {
      request.log.warn({ err: error }, 'a transaction kept meeting another one');
      return reply.status(409).send({
        status_code: 409,
        message: /*i18n*/ 'Someone else changed this at the same moment. Please try again.',
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({
        status_code: status,
        message:
          error.code === 'FST_REQ_FILE_TOO_LARGE'
            ? fileTooLarge(request.routeOptions.config)
            : (FRAMEWORK_MESSAGES[error.code] ?? statusMessage(status)),
      });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({
      status_code: 500,
      message: sentence(
        /*i18n*/ 'Something went wrong on our side. Please try again in a moment (reference {reference}).',
        { reference: request.id },
      ),
    });
  });
}

/** The answer to a path with no route: a 404 that names what was asked. */
export function notFoundAnswer(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = requestPath(request);
  return reply.status(404).send({
    status_code: 404,
    message: isApiPath(path)
      ? sentence(/*i18n*/ 'There is no {method} {path} in this API.', {
          method: request.method,
          path,
        })
      : sentence(/*i18n*/ 'There is no {path} here.', { path }),
  });
}

export const requestPath = (request: FastifyRequest): string => request.url.split('?')[0] ?? '';

export const isApiPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');
