import type { Page } from '@playwright/test';
import { expect, PHONE, test } from '../support/fixtures.ts';
import { serverWithoutMail } from '../support/run-server.ts';

// Issue 54, point 1: a member adds a passkey at 390 px in Malayalam, signs out, and signs in
// with it, with Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain) as
// the phone's fingerprint. A browser refuses a passkey for an IP address: the spec's server
// answers at localhost.
const server = serverWithoutMail({ host: 'localhost' });

const ML = {
  signInWithPasskey: 'വിരലടയാളം അല്ലെങ്കിൽ സ്ക്രീൻ ലോക്ക് ഉപയോഗിച്ച് സൈൻ ഇൻ ചെയ്യുക',
  offer: 'അടുത്ത തവണ വിരലടയാളം അല്ലെങ്കിൽ സ്ക്രീൻ ലോക്ക് ഉപയോഗിച്ച് സൈൻ ഇൻ ചെയ്യുക',
  add: 'ചേർക്കുക',
  signIn: 'സൈൻ ഇൻ',
  signOut: 'സൈൻ ഔട്ട്',
  passkeys: 'പാസ്‌കീകൾ',
  neverUsed: 'ഇതുവരെ ഉപയോഗിച്ചിട്ടില്ല',
  lastUsed: 'അവസാനം ഉപയോഗിച്ചത്',
};

/** A phone with a screen lock: a platform authenticator that verifies its user at once. */
async function withFingerprint(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return async () =>
    (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length;
}

test.use({ viewport: PHONE, locale: 'ml-IN' });

test('a member adds a passkey in Malayalam, signs out, and signs in with it', async ({ page }) => {
  const passkeysOnPhone = await withFingerprint(page);
  await page.goto(`${server.base}/sign-in`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ml');
  // Offered first on a phone that can, the password form beside it.
  const withPasskey = page.getByRole('button', { name: ML.signInWithPasskey });
  await expect(withPasskey).toBeVisible();
  await page.locator('input[type=email]').fill('rahul@jamiya.example');
  await page.locator('input[type=password]').fill('jamiya-demo');
  await page.locator('form').getByRole('button', { name: ML.signIn, exact: true }).click();

  // After the password, the offer; the phone keeps the passkey.
  const offer = page.getByRole('dialog', { name: ML.offer });
  await offer.getByRole('button', { name: ML.add, exact: true }).click();
  await expect(page).toHaveURL(/\/user$/);
  expect(await passkeysOnPhone()).toBe(1);

  await page.goto(`${server.base}/user/my-profile`);
  const passkeys = page.getByRole('region', { name: ML.passkeys });
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await expect(passkeys).toContainText(ML.neverUsed);

  await page.goto(`${server.base}/user/switch-account`);
  await page.getByRole('main').getByRole('button', { name: ML.signOut }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  // The fingerprint alone signs in: no e-mail, no password.
  await withPasskey.click();
  await expect(page).toHaveURL(/\/user$/);
  await page.goto(`${server.base}/user/my-profile`);
  await expect(passkeys).toContainText(ML.lastUsed);
});
