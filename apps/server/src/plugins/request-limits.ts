import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { payloadTooLarge } from '../lib/errors.ts';
import { translate } from '../lib/i18n.ts';

// Issue 32, point 6 (decision 034): a request must arrive within a bound, and a body larger
// than its route takes is refused from its Content-Length, before any of it is read.

/** How long a request, its body included, may take to arrive (REQUEST_TIMEOUT_SECONDS). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

/** A form with a file: the file (10 MB at most, UPLOAD_LIMITS), its fields and part headers. */
export const MULTIPART_BODY_LIMIT = 11 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The 413 of a file over 10 MB on a route whose file is not a photo or PDF receipt. */
    fileTooLarge?: string;
  }
}

/** What a file over 10 MB is told: the route's own sentence, else a receipt's. */
export const fileTooLarge = (config: { fileTooLarge?: string }) =>
  config.fileTooLarge ??
  /*i18n*/ 'The file is larger than 10 MB. Please send a smaller photo or PDF.';

const TIMED_OUT =
  /*i18n*/ 'The request took too long to arrive. Please check your connection and try again.';
const NOT_UNDERSTOOD = /*i18n*/ 'The request could not be understood.';

/**
 * The Fastify options that bound how long a request takes to arrive: Node's HTTP server
 * answers 408 (in the error shape, clientErrorHandler) and closes the connection once
 * `requestTimeoutMs` has passed without the whole request, checking every few seconds.
 */
export function requestTimeoutOptions(requestTimeoutMs: number) {
  return {
    requestTimeout: requestTimeoutMs,
    http: {
      requestTimeout: requestTimeoutMs,
      headersTimeout: Math.min(requestTimeoutMs, 60_000),
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, requestTimeoutMs / 4)),
    },
    clientErrorHandler,
  };
}

// What Node's server tells the framework about a connection it gives up on: a request that
// took too long, headers too large, bytes that are not HTTP. Answered in the error shape, in
// English, since the request was not read far enough to know the reader's language.
function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 408
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : 400;
  // As Node does itself: nothing is written after an answer has begun on this connection.
  const answering = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  if (socket.writable && !answering?.headersSent) {
    const body = JSON.stringify({
      status_code: status,
      message: translate('en', status === 408 ? TIMED_OUT : NOT_UNDERSTOOD),
    });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

/**
 * Routes that take a file (their schema consumes multipart/form-data) take a body up to
 * MULTIPART_BODY_LIMIT, others up to the app's bodyLimit. A request whose Content-Length says
 * more is answered 413 and its connection closed before its body is read: after the route's
 * own checks (a stranger's upload is 401, whatever its size), just before the body would be
 * read. A client that asks first (Expect: 100-continue) is told to go on only then.
 */
export function installRequestLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes;
    if (route.bodyLimit === undefined && consumes?.includes('multipart/form-data')) {
      route.bodyLimit = MULTIPART_BODY_LIMIT;
    }
  });

  const waiting = new WeakSet<IncomingMessage>();
  // With a listener here, Node no longer answers 100 Continue by itself before the request
  // is handled.
  app.server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
    waiting.add(request);
    app.server.emit('request', request, response);
  });

  app.addHook('preParsing', async (request, reply, payload) => {
    const { bodyLimit } = request.routeOptions;
    if (Number(request.headers['content-length']) > bodyLimit) {
      throw payloadTooLarge(
        bodyLimit === MULTIPART_BODY_LIMIT
          ? fileTooLarge(request.routeOptions.config)
          : /*i18n*/ 'The request is too large.',
      );
    }
    if (waiting.has(request.raw) && !reply.raw.headersSent) reply.raw.writeContinue();
    return payload;
  });

  // Refused before its body has arrived (401, 413...): the connection closes after the answer,
  // rather than reading the rest of the body, or taking it for the next request.
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode >= 400 && !request.raw.complete) reply.header('Connection', 'close');
  });
}
