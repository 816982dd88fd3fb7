// The spec keeps the token in localStorage under `ts_token`; the id of the profile it
// belongs to is kept beside it, so a token swapped for another account is noticed.
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

export function getCachedProfileId(): number | null {
  const v = localStorage.getItem(PROFILE_ID_KEY);
  return v === null ? null : Number(v);
}

export function setCachedProfileId(id: number): void {
  localStorage.setItem(PROFILE_ID_KEY, String(id));
}

export function setHasMemberArea(hasIt: boolean): void {
  if (hasIt) localStorage.removeItem(NO_MEMBER_AREA_KEY);
  else localStorage.setItem(NO_MEMBER_AREA_KEY, '1');
}

export function hasNoMemberArea(): boolean {
  return localStorage.getItem(NO_MEMBER_AREA_KEY) === '1';
}
