import fs from 'node:fs';
import path from 'node:path';
import { E2E_MEMBERS } from '../support/members.ts';
import { expect, test } from '../support/fixtures.ts';

// What the server and the shared schemas say reaches the member in his language: the sentences
// of their catalogs (docs/languages.md).
const catalog = (dir: string, language: string): Record<string, string> =>
  JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, `../..`, dir, `${language}.json`), 'utf8'),
  ) as Record<string, string>;
const sentences = (language: string) => ({
  ...catalog('packages/contracts/src/locales', language),
  ...catalog('apps/server/src/features/auth/locales', language),
});

for (const language of ['hi', 'ur']) {
  test(`a refused sign-in is told in ${language}`, async ({ browser }) => {
    const context = await browser.newContext({
      locale: language,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    const said = sentences(language);
    await page.goto('/sign-in');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const email = page.locator('input[type="email"]');
    await email.fill('not an email');
    await page.locator('input[type="password"]').fill('not-the-password');
    await page.locator('form button[type="submit"]').click();
    // Found by the shared schema on the phone, before anything is sent.
    await expect(page.getByText(said['Enter a valid email address.']!)).toBeVisible();
    await email.fill(E2E_MEMBERS.session.email);
    await page.locator('form button[type="submit"]').click();
    // Found by the server, said in the language the page sends.
    await expect(
      page.getByRole('alert').filter({ hasText: said['The email or password is not correct.']! }),
    ).toBeVisible();
    await context.close();
  });
}

test('each script is drawn with the phone’s own font, and no web font is fetched', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'ml' });
  const page = await context.newPage();
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(request.url());
  });
  await page.goto('/');
  const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(family).toMatch(/^"Noto Sans Malayalam"/);
  expect(fonts).toEqual([]);
  await context.close();
});
