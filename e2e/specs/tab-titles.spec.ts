import type { Page } from '@playwright/test';
import { apiAs, expect, signIn, test } from '../support/fixtures.ts';
import { DEMO_ADMIN, DEMO_MEMBERS } from '../support/members.ts';
import { ADMIN_ROUTES, MEMBER_ROUTES, PUBLIC_ROUTES } from '../support/routes.ts';

// Issue 33: a tab's title names its page, so that a member with several tabs, or the history
// list, tells them apart: not "Jamiya" everywhere. Every page of the route table, in each area,
// has a title of its own. Read only.

/** The title of each path, once its page has drawn its heading and its calls are answered. */
async function titlesOf(page: Page, paths: readonly string[]): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
    await page.waitForLoadState('networkidle');
    titles.set(path, await page.title());
  }
  return titles;
}

function expectEachItsOwn(titles: Map<string, string>) {
  for (const [path, title] of titles) {
    expect(title, `the title of ${path}`).not.toBe('Jamiya');
    expect(title, `the title of ${path}`).not.toBe('');
  }
  const byTitle = new Map<string, string[]>();
  for (const [path, title] of titles) byTitle.set(title, [...(byTitle.get(title) ?? []), path]);
  const shared = [...byTitle].filter(([, paths]) => paths.length > 1);
  expect(shared, 'titles shared by several pages').toEqual([]);
}

test('every public page names itself in its title', async ({ page }) => {
  expectEachItsOwn(await titlesOf(page, PUBLIC_ROUTES));
});

test('every member page names itself in its title, in the language of the page', async ({
  page,
}) => {
  await signIn(page, DEMO_MEMBERS.amina);
  const titles = await titlesOf(page, MEMBER_ROUTES);
  expectEachItsOwn(titles);
  expect(titles.get('/user')).toBe('Home · Jamiya');
  expect(titles.get('/user/monthly-pay')).toBe('Monthly Pay · Jamiya');

  await page.evaluate(() => localStorage.setItem('lang', 'ar'));
  const arabic = await titlesOf(page, ['/user', '/user/my-loan']);
  expect(arabic.get('/user')).toBe('الرئيسية · Jamiya');
  expect(arabic.get('/user/my-loan')).toBe('قرضي · Jamiya');
});

test('every admin page names itself in its title, a loan and a member by theirs', async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN);
  const members = (await apiAs(page, '/api/admin/members?q=amina')) as {
    items: { id: number; name: string }[];
  };
  const amina = members.items[0]!;
  const loans = (await apiAs(page, '/api/admin/loans?state=active')) as {
    items: { id: number }[];
  };
  const loanId = loans.items[0]!.id;
  const titles = await titlesOf(page, [
    ...ADMIN_ROUTES,
    `/admin/loans/${loanId}`,
    `/admin/members/${amina.id}`,
    `/admin/messages/${amina.id}`,
  ]);
  expectEachItsOwn(titles);
  expect(titles.get('/admin')).toBe('Overview · Jamiya admin');
  expect(titles.get(`/admin/loans/${loanId}`)).toBe(`Loan #${loanId} · Jamiya admin`);
});
