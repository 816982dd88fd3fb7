import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { loginResponse } from '@jamiya/contracts/auth';
import type { PasskeyView } from '@jamiya/contracts/passkeys';
import { api } from '../lib/api-client.ts';
import { i18n } from '../lib/i18n.tsx';

// Passkeys beside the password (decision 064): the two ceremonies through
// @simplewebauthn/browser, loaded only when a member uses one, and the member's list. Shared
// here: the sign-in page signs in with one, the profile adds and removes them.

export type { PasskeyView };
type LoginResponse = z.infer<typeof loginResponse>;

const browser = () => import('@simplewebauthn/browser');

/** Whether this phone can keep a passkey opened by its fingerprint or screen lock. */
export async function canUsePasskeys(): Promise<boolean> {
  try {
    const { browserSupportsWebAuthn, platformAuthenticatorIsAvailable } = await browser();
    return browserSupportsWebAuthn() && (await platformAuthenticatorIsAvailable());
  } catch {
    return false;
  }
}

/**
 * What to tell a member whose phone refused: a plain sentence in their language that ends
 * with the way that always works. The server's refusals come translated already.
 */
export function passkeyErrorText(error: unknown): string | null {
  const name = (error as { name?: string; cause?: { name?: string } } | null)?.name;
  const cause = (error as { cause?: { name?: string } } | null)?.cause?.name;
  if (name === 'ApiError') return null;
  if (name === 'InvalidStateError' || cause === 'InvalidStateError')
    return i18n._('common.passkey.exists');
  if (name === 'NotAllowedError' || cause === 'NotAllowedError' || name === 'AbortError')
    return i18n._('common.passkey.cancelled');
  return i18n._('common.passkey.unavailable');
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
