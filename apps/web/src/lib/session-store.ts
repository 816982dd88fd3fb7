// The spec keeps the token in localStorage under `ts_token`. The id of the account it belongs
// to is kept beside it together with that token, as the profile answered for it: a sign-in of
// another account (here or in another tab) replaces the token, and from that moment no id is
// this session's until the new account's profile has answered (issue 32: a payment kept for
// one account is never shown to, sent by or deleted by another).
const TOKEN_KEY = 'ts_token';
const PROFILE_ID_KEY = 'ts_profile_id';
// Set for an admin who is not a member: a member page's early requests (early.ts) are not sent
// for an account whose member calls answer 403.
const NO_MEMBER_AREA_KEY = 'ts_no_member_area';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.removeItem(PROFILE_ID_KEY);
  localStorage.removeItem(NO_MEMBER_AREA_KEY);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(PROFILE_ID_KEY);
  localStorage.removeItem(NO_MEMBER_AREA_KEY);
}

/** The session of this phone: the token and its account's id, read together. */
export interface Session {
  token: string;
  accountId: number;
}

export function currentSession(): Session | null {
  const token = getToken();
  // "<id> <token>" (a token has no space); an older app's bare id is no session's.
  const [id, keptFor] = localStorage.getItem(PROFILE_ID_KEY)?.split(' ') ?? [];
  return token && keptFor === token ? { token, accountId: Number(id) } : null;
}

/** The id of the account the token now kept belongs to; null until its profile has answered. */
export function getCachedProfileId(): number | null {
  return currentSession()?.accountId ?? null;
}

/**
 * Keeps `id` as the account of `token`, the token the profile answered for; nothing if that is
 * no longer the token kept (a later sign-in replaced it).
 */
export function setCachedProfileId(id: number, token: string): void {
  if (getToken() === token) localStorage.setItem(PROFILE_ID_KEY, `${id} ${token}`);
}

export function setHasMemberArea(hasIt: boolean): void {
  if (hasIt) localStorage.removeItem(NO_MEMBER_AREA_KEY);
  else localStorage.setItem(NO_MEMBER_AREA_KEY, '1');
}

export function hasNoMemberArea(): boolean {
  return localStorage.getItem(NO_MEMBER_AREA_KEY) === '1';
}
