import type { ErrorBody } from '@jamiya/contracts/common';
import { clearToken, getToken } from './session-store.ts';

/** An answer other than 2xx, or no answer at all (status 0: the network failed). */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;

  constructor(status: number, message: string, errors: Record<string, string[]> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/** Called on any 401 after sign-in: the session is over. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  /** Sent as Idempotency-Key: a money call retried with it moves the money once. */
  idempotencyKey?: string;
  /** Told how much of a form (a receipt) has gone, from 0 to 1. */
  onUploadProgress?: (fraction: number) => void;
  /**
   * The token to send, when the call belongs to one session (a payment kept for its account),
   * rather than whichever is kept when it goes.
   */
  token?: string | undefined;
}

// GETs started at boot for a deep link (main.tsx), while the page's code still loads: the
// first call for the same path and token takes the answer, once, if it is a few seconds old
// at most. Saves a member page its chain of session check, then data, after the code.
const EARLY_FOR_MS = 10_000;
const early = new Map<string, { token: string; at: number; response: Promise<Response> }>();

export function startEarly(paths: readonly string[]): void {
  const token = getToken();
  if (!token) return;
  for (const path of paths) {
    // Each sent from a task of its own: sending one takes the main thread 10 to 30 ms on a slow
    // phone, and four in a row made a task long enough to hold up a tap.
    const response = nextTask()
      .then(() => fetch(path, { headers: { ...baseHeaders(), authorization: `Bearer ${token}` } }))
      .then(readAtOnce);
    response.catch(() => undefined); // a failure is met again when the call takes it
    early.set(path, { token, at: Date.now(), response });
  }
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}

// The body is read as soon as it comes: an answer that no page claims must not hold its
// request open (the browser would count the page as still loading).
async function readAtOnce(res: Response): Promise<Response> {
  const body = await res.arrayBuffer();
  return new Response(body, {
    status: res.status,
    statusText: res.statusText,
    headers: res.headers,
  });
}

function takeEarly(path: string, token: string | null): Promise<Response> | undefined {
  const started = early.get(path);
  if (!started) return undefined;
  early.delete(path);
  return started.token === token && Date.now() - started.at <= EARLY_FOR_MS
    ? started.response
    : undefined;
}

/**
 * JSON, in the page's language: the server answers its messages in it (the page's `lang`, set
 * by the server for the first byte and by lib/i18n.tsx when the member changes it).
 */
function baseHeaders(): Record<string, string> {
  return { accept: 'application/json', 'accept-language': pageLanguageTag() };
}

const pageLanguageTag = () => document.documentElement.lang || 'en';

/** Every call of the app goes through here: bearer token, JSON, one error type. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers = baseHeaders();
  const token = options.token ?? getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  const method = options.method ?? (body ? 'POST' : 'GET');
  let res: Response;
  try {
    res = await ((method === 'GET' && takeEarly(path, token)) ||
      (options.form && options.onUploadProgress
        ? sendWithProgress(method, path, headers, options.form, options.onUploadProgress)
        : fetch(path, { method, headers, body, signal: options.signal })));
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'Network Error');
  }
  const data = (await res.json().catch(() => null)) as (T & Partial<ErrorBody>) | null;
  if (!res.ok) {
    // The session is over, unless another sign-in has replaced it meanwhile (here or in
    // another tab): a late refusal of the old token must not end the new one.
    const kept = getToken();
    if (res.status === 401 && token && (kept === token || kept === null)) {
      clearToken();
      unauthorizedListeners.forEach((l) => l());
    }
    throw new ApiError(res.status, data?.message ?? 'Network Error', data?.errors ?? {});
  }
  return data as T;
}

/** fetch cannot tell how much of a request's body has gone; XMLHttpRequest can. */
function sendWithProgress(
  method: string,
  path: string,
  headers: Record<string, string>,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, path);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () =>
      resolve(
        new Response(request.status === 204 ? null : request.responseText, {
          status: request.status,
        }),
      );
    request.onerror =
      request.ontimeout =
      request.onabort =
        () => reject(new TypeError('Network Error'));
    request.send(form);
  });
}

/** A stored file (receipt, photo) needs the bearer header, so it is fetched as a blob. */
export async function fetchFileBlob(path: string): Promise<Blob> {
  const token = getToken();
  const headers: Record<string, string> = { 'accept-language': pageLanguageTag() };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(path, { headers });
  if (!res.ok) throw new ApiError(res.status, NOT_LOADED.message);
  return res.blob();
}

// Shown translated, as the server's messages are (lib/messages.ts): its catalog is the shared
// schemas', where Lingui's extract finds it marked.
const NOT_LOADED = { message: /*i18n*/ 'The file could not be loaded.' };

/** The same as an object URL; the caller frees it with URL.revokeObjectURL. */
export async function fetchFileUrl(path: string): Promise<string> {
  return URL.createObjectURL(await fetchFileBlob(path));
}
