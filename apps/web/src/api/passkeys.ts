import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { loginResponse } from '@jamiya/contracts/auth';
import type { PasskeyView } from '@jamiya/contracts/passkeys';
import { api, ApiError } from '../lib/api-client.ts';
import { i18n } from '../lib/i18n.tsx';
import { toastError, toastNotice } from '../lib/messages.ts';

// Passkeys beside the password (decision 064): the two ceremonies through
// @simplewebauthn/browser, loaded only when a member uses one, and the member's list. Shared
// here: the sign-in page signs in with one, the profile adds and removes them.

export type { PasskeyView };
type LoginResponse = z.infer<typeof loginResponse>;

const browser = () => import('@simplewebauthn/browser');

/** Whether this phone can keep a passkey opened by its fingerprint or screen lock. */
export async function canUsePasskeys(): Promise<boolean> {
  try {
    return (
      typeof PublicKeyCredential !== 'undefined' &&
      (await PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable())
    );
  } catch {
    return false;
  }
}

/**
 * What to tell a member whose phone refused: a plain sentence in their language that ends
 * with the way that always works. The server's refusals come translated already.
 */
export function passkeyErrorText(error: unknown): string | null {
  if (error instanceof ApiError) return null;
  // SimpleWebAuthn wraps the browser's error, and keeps it as the cause.
  const { name, cause } = (error ?? {}) as { name?: string; cause?: { name?: string } };
  const names = [name, cause?.name];
  if (names.includes('InvalidStateError')) return i18n._('profile.passkeys.errors.exists');
  if (names.includes('NotAllowedError') || name === 'AbortError')
    return i18n._('profile.passkeys.errors.cancelled');
  return i18n._('profile.passkeys.errors.unavailable');
}

/** Says why a passkey ceremony failed: the phone's refusal, or the server's answer. */
export function toastPasskeyError(error: unknown): void {
  const text = passkeyErrorText(error);
  if (text) toastNotice(text);
  else toastError(error);
}

/** Signs in with a passkey this phone holds: the server's answer is POST /api/login's. */
export async function signInWithPasskey(): Promise<LoginResponse> {
  const { startAuthentication } = await browser();
  const optionsJSON = await api<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    '/api/passkeys/authentication/options',
    { json: {} },
  );
  const response = await startAuthentication({ optionsJSON });
  return api<LoginResponse>('/api/passkeys/authentication', { json: { response } });
}

const declinedKey = (accountId: number) => `jamiya.passkeyOffer.declined.${accountId}`;

/** "Not now", kept on this phone for this account: the offer is not made again here. */
export function declinePasskeyOffer(accountId: number): void {
  try {
    localStorage.setItem(declinedKey(accountId), '1');
  } catch {
    // A phone that keeps nothing is asked again next time: no harm done.
  }
}

/**
 * Whether to offer a passkey after a password sign-in on a phone that can keep one (the
 * caller asked the phone): the member has none yet, and did not say "Not now" here. Any doubt
 * (no network) is a no.
 */
export async function shouldOfferPasskey(accountId: number): Promise<boolean> {
  try {
    if (localStorage.getItem(declinedKey(accountId))) return false;
    const mine = await api<{ data: PasskeyView[] }>('/api/passkeys');
    return mine.data.length === 0;
  } catch {
    return false;
  }
}

export const PASSKEYS_KEY = ['passkeys'] as const;

export const getPasskeysQueryOptions = () =>
  queryOptions({
    queryKey: PASSKEYS_KEY,
    queryFn: ({ signal }) => api<{ data: PasskeyView[] }>('/api/passkeys', { signal }),
  });

export const usePasskeys = () => useQuery(getPasskeysQueryOptions());

/** Adds a passkey on this phone: the phone asks for its screen lock, the server keeps the key. */
async function addPasskeyHere(): Promise<{ passkey: PasskeyView; message: string }> {
  const { startRegistration } = await browser();
  const optionsJSON = await api<Parameters<typeof startRegistration>[0]['optionsJSON']>(
    '/api/passkeys/registration/options',
    { method: 'POST' },
  );
  const response = await startRegistration({ optionsJSON });
  return api('/api/passkeys/registration', { json: { response } });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskeyHere,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ message: string }>(`/api/passkeys/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
  });
}
