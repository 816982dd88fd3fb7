import { i18n } from './i18n.tsx';
import { ApiError } from './api-client.ts';
import type * as ToastLibrary from 'react-toastify';
import { loadToastContainers } from './toast-containers-loader.ts';
import { MODAL_TOASTS } from './toast-ids.ts';

/**
 * Messages that come from the shared zod schemas or from the server are English sentences;
 * they are looked up in the `messages` namespace with the sentence itself as the key
 * (gettext style), so a translation can be added without touching the schemas.
 */
export function translateMessage(message: string): string {
  const id = `messages.${message}`;
  return i18n.exists(id) ? i18n._(id) : message;
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return translateMessage(error.message);
  return i18n._('common.networkError');
}

// An open <dialog> sits in the top layer, above the page's toasts: while one is open, its
// own container shows the errors (a success closes the modal, so it goes to the page).
const container = () =>
  document.querySelector('dialog[open]') ? { containerId: MODAL_TOASTS } : {};

// The toast library comes with the containers (lib/toast-containers-loader.ts), usually once
// the page has painted; a toast made before, or while they load, waits for them. Without
// them (their load failed) the toast cannot be shown: the next one tries again.
function withToast(show: (toast: typeof ToastLibrary.toast) => void): void {
  void loadToastContainers().then(async (loaded) => {
    if (loaded) show((await import('react-toastify')).toast);
  });
}

/** Success toasts close after 1 s (docs/product.md 10.9); errors stay 5 s and pause on hover (docs/product.md section 7). */
export function toastSuccess(message: string): void {
  const text = translateMessage(message);
  withToast((toast) => toast.success(text, { autoClose: 1000 }));
}

/** A notice the member should read (a payment kept on the phone): 5 s, paused on hover. */
export function toastNotice(text: string): void {
  withToast((toast) => toast.info(text, { autoClose: 5000, pauseOnHover: true }));
}

export function toastError(error: unknown): void {
  const text = errorMessage(error);
  const options = { autoClose: 5000, pauseOnHover: true, ...container() };
  withToast((toast) => toast.error(text, options));
}

/** Puts the server's field errors beside the fields of a react-hook-form form. */
export function applyServerErrors(
  error: unknown,
  setError: (name: never, error: { type: string; message: string }) => void,
  fields: readonly string[],
): void {
  if (!(error instanceof ApiError)) return;
  for (const [field, messages] of Object.entries(error.errors)) {
    if (fields.includes(field) && messages[0]) {
      setError(field as never, { type: 'server', message: translateMessage(messages[0]) });
    }
  }
}

/**
 * A 4xx (refused: already done, not allowed) is said where it was asked, by `say`; anything
 * else (a network failure, a 5xx) is toasted.
 */
export function sayRefusal(error: unknown, say: (message: string) => void): void {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500)
    say(errorMessage(error));
  else toastError(error);
}

/** A form the server refused: its fields' errors beside them, its sentence toasted. */
export function showFormErrors(
  error: unknown,
  setError: Parameters<typeof applyServerErrors>[1],
  fields: readonly string[],
): void {
  applyServerErrors(error, setError, fields);
  toastError(error);
}
