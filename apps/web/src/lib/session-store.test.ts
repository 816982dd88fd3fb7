import { describe, expect, it } from 'vitest';
import {
  clearToken,
  currentSession,
  getCachedProfileId,
  setCachedProfileId,
  setToken,
} from './session-store.ts';

const tokenOf = (who: string) => `token-of-${who}`.padEnd(43, 'x');

describe('the account of the session', () => {
  it('is the one the profile answered for the token kept, and none before', () => {
    setToken(tokenOf('amina'));
    expect(currentSession()).toBeNull();
    setCachedProfileId(2, tokenOf('amina'));
    expect(currentSession()).toEqual({ token: tokenOf('amina'), accountId: 2 });
    expect(getCachedProfileId()).toBe(2);
  });

  it('is no longer the earlier account once another signs in, even when its answer comes late', () => {
    setToken(tokenOf('amina'));
    setCachedProfileId(2, tokenOf('amina'));
    // Rahul signs in on the same phone (here, or in another tab).
    setToken(tokenOf('rahul'));
    expect(getCachedProfileId()).toBeNull();
    // Amina's tab still had her profile's answer on its way: it is hers, not Rahul's session's.
    setCachedProfileId(2, tokenOf('amina'));
    expect(getCachedProfileId()).toBeNull();
    setCachedProfileId(3, tokenOf('rahul'));
    expect(currentSession()).toEqual({ token: tokenOf('rahul'), accountId: 3 });
  });

  it('is kept beside a token that another tab wrote over it, as the token’s it was', () => {
    setToken(tokenOf('amina'));
    setCachedProfileId(2, tokenOf('amina'));
    // Another tab's sign-in writes the token without passing through this tab's setToken.
    localStorage.setItem('ts_token', tokenOf('rahul'));
    expect(getCachedProfileId()).toBeNull();
  });

  it('is none after a sign-out, and none for an older app’s bare id', () => {
    setToken(tokenOf('amina'));
    setCachedProfileId(2, tokenOf('amina'));
    clearToken();
    expect(currentSession()).toBeNull();
    setToken(tokenOf('amina'));
    localStorage.setItem('ts_profile_id', '2');
    expect(currentSession()).toBeNull();
  });
});
