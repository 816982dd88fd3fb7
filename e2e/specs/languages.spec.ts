import { PHONE, expect, test } from '../support/fixtures.ts';
import { DEMO_ADMIN, DEMO_MEMBERS, DEMO_PASSWORD } from '../support/members.ts';
import { ADMIN_ROUTES, MEMBER_ROUTES, PUBLIC_ROUTES, patternsOf } from '../support/routes.ts';
import {
  foreignWords,
  overflowOf,
  pathOf,
  shoot,
  shotName,
  walker,
  type Reading,
  type Walker,
} from '../support/walk.ts';

// Every public and member page, as a phone whose browser is set to each language first opens
// it (its Accept-Language and navigator.languages: the server's first byte and the app agree),
// and the treasurer's pages in Arabic: `lang` and `dir`, no raw key, no English word outside
// the data, nothing wider than the screen (docs/languages.md). amina (demo data) has something
// on every page. Read only. E2E_SHOTS=<folder> keeps a screenshot of each page there.

const RIGHT_TO_LEFT = new Set(['ar', 'ur']);
const NOT_FOUND = '/no-such-page';

const tokens = { member: '', admin: '' };
test.beforeAll(async ({ playwright }, testInfo) => {
  // One sign-in each for the file: argon2 is slow on purpose, and sign-in has its own tests.
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const signIn = async (email: string) => {
    const res = await api.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
    expect(res.ok()).toBe(true);
    return ((await res.json()) as { access_token: string }).access_token;
  };
  tokens.member = await signIn(DEMO_MEMBERS.amina);
  tokens.admin = await signIn(DEMO_ADMIN);
  await api.dispose();
});

/** What is wrong with a page in `language`, each line naming the page. */
function problemsOf(reading: Reading, language: string, walk: Walker): string[] {
  const dir = RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr';
  return [
    ...(reading.lang === language ? [] : [`lang="${reading.lang}"`]),
    ...(reading.dir === dir ? [] : [`dir="${reading.dir}"`]),
    ...foreignWords(reading, walk),
    ...overflowOf(reading),
  ].map((problem) => `${reading.path}: ${problem}`);
}

for (const language of ['ar', 'hi', 'ur', 'bn', 'ml']) {
  test.describe(`a phone in ${language}`, () => {
    test.use({ locale: language, viewport: PHONE });

    test('reads every public and member page in it', async ({ page }) => {
      test.setTimeout(60_000);
      const walk = walker(page);
      const problems: string[] = [];
      const visit = async (route: string) => {
        const reading = await walk.read(route);
        problems.push(...problemsOf(reading, language, walk));
        await shoot(page, shotName(language, route));
      };
      // The public top bar with its language menu, and the member's bottom bar, on the
      // narrowest phones.
      const visitNarrow = async (route: string) => {
        await page.setViewportSize({ width: 320, height: PHONE.height });
        const reading = await walk.read(route);
        problems.push(...overflowOf(reading).map((p) => `${route} at 320 px: ${p}`));
        await shoot(page, `${shotName(language, route)}-320`);
        await page.setViewportSize(PHONE);
      };
      for (const route of [...PUBLIC_ROUTES, NOT_FOUND]) await visit(route);
      await visitNarrow('/');
      await page.evaluate((t) => localStorage.setItem('ts_token', t), tokens.member);
      for (const route of MEMBER_ROUTES) await visit(route);
      await visitNarrow('/user');
      expect(problems).toEqual([]);
    });
  });
}

test.describe('the treasurer on a phone in ar', () => {
  test.use({ locale: 'ar', viewport: PHONE });

  test('reads every page of the treasurer area in Arabic', async ({ page }) => {
    test.setTimeout(60_000);
    const walk = walker(page);
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('ts_token', t), tokens.admin);
    const problems: string[] = [];
    for (const route of [...ADMIN_ROUTES, ...patternsOf('admin')]) {
      const reading = await walk.read(route.includes(':') ? pathOf(route, walk.links) : route);
      problems.push(...problemsOf(reading, 'ar', walk));
      await shoot(page, shotName('ar', reading.path));
    }
    expect(problems).toEqual([]);
  });
});
