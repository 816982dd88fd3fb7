import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { passkeyErrorText } from './passkeys.ts';

// What a member reads when the phone refuses a passkey (issue 54): a plain sentence that ends
// with the password; the server's own refusals are left to the server's words.
describe('passkeyErrorText', () => {
  const refusal = (name: string) => Object.assign(new Error('refused'), { name });

  it('says a cancelled or late fingerprint, an added passkey, and a phone that cannot', () => {
    expect(passkeyErrorText(refusal('NotAllowedError'))).toMatch(
      /^The fingerprint or screen lock was cancelled or took too long\..*sign in with your password instead\.$/,
    );
    // SimpleWebAuthn wraps the browser's error, which it keeps as the cause.
    expect(
      passkeyErrorText(Object.assign(new Error('x'), { cause: refusal('InvalidStateError') })),
    ).toMatch(/^This phone already has a passkey for your account\./);
    for (const name of ['NotSupportedError', 'SecurityError', 'TypeError']) {
      expect(passkeyErrorText(refusal(name)), name).toMatch(
        /needs a screen lock.*Sign in with your password instead\.$/,
      );
    }
  });

  it("leaves the server's answers to the server", () => {
    expect(passkeyErrorText(new ApiError(401, 'We could not check this passkey.'))).toBeNull();
  });
});
