import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { cutLanguageNames, loneLastWords } from '../support/lines.ts';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../support/members.ts';
import { sideways } from '../support/overflow.ts';
import { MEMBER_ROUTES, PUBLIC_ROUTES } from '../support/routes.ts';
import { shoot, shotName, walker } from '../support/walk.ts';

// Issue 50, point 21, on the narrowest phones: the language menu at 320 px cut "മലയാളം" to
// "മലയാള", and in Urdu a lone "ہے" went onto a line of its own ("آپ کا قرض جاری / ہے"). The
// menu names its language whole in every language, in the public header and on the member's
// menu page; no heading or paragraph of an Urdu page leaves a short word alone on its last
// line. amina (demo data) has something on every page. Read only. E2E_SHOTS=<folder> keeps a
// screenshot of each page looked at.

const LANGUAGES = ['en', 'ar', 'hi', 'ur', 'bn', 'ml'];
const WIDTHS = [320, 390];

let token = '';
test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const res = await api.post('/api/login', {
    data: { email: DEMO_MEMBERS.amina, password: DEMO_PASSWORD },
  });
  expect(res.ok()).toBe(true);
  token = ((await res.json()) as { access_token: string }).access_token;
  await api.dispose();
});

async function expectWholeName(page: Page, route: string, name: string): Promise<void> {
  await page.goto(route);
  await expect(page.locator('select').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await cutLanguageNames(page), `the language menu of ${route}`).toEqual([]);
  expect((await sideways(page)).scrollWidth, `${route} scrolls sideways`).toBe(0);
  await shoot(page, name);
}

for (const language of LANGUAGES) {
  test.describe(`a phone in ${language}`, () => {
    test.use({ locale: language });

    test('names its language whole in the language menu at 320 and 390 px', async ({ page }) => {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 720 });
        await expectWholeName(page, '/', `${shotName(language, '/')}-menu-${width}`);
      }
      await page.evaluate((t) => localStorage.setItem('ts_token', t), token);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 720 });
        const route = '/user/profile';
        await expectWholeName(page, route, `${shotName(language, route)}-${width}`);
      }
    });
  });
}

test.describe('a phone of 320 px in ur', () => {
  test.use({ locale: 'ur', viewport: { width: 320, height: 720 } });

  test('leaves no short word alone on the last line of a heading or a paragraph', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const walk = walker(page);
    const alone: string[] = [];
    const visit = async (route: string) => {
      await walk.read(route);
      for (const { word, letters, where } of await loneLastWords(
        page,
        'h1, h2, h3, h4, p, li, dt, dd, label, legend',
      ))
        if (letters > 0 && letters <= 3) alone.push(`${route}: "${word}" alone under ${where}`);
      await shoot(page, `${shotName('ur', route)}-320`);
    };
    for (const route of PUBLIC_ROUTES) await visit(route);
    await page.evaluate((t) => localStorage.setItem('ts_token', t), token);
    for (const route of MEMBER_ROUTES) await visit(route);
    expect(alone).toEqual([]);
  });
});
