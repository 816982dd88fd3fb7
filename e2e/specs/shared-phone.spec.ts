import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { fillPayment } from '../support/dues.ts';
import { dubaiMonthBefore } from '../support/figures.ts';
import { DEMO_PASSWORD, E2E_MEMBERS } from '../support/members.ts';
import { apiAs, expect, signIn, test } from '../support/fixtures.ts';
import { sideways } from '../support/overflow.ts';
import { openPhone } from '../support/phone.ts';

// One phone, several members (issue 32, point 10): a payment made without a network waits for
// the member who made it. The next member on the phone never sees it, never sends it and
// cannot delete it; its owner finds it sent at his next sign-in, or decides at his own sign-out
// to keep it or delete it.
const next = E2E_MEMBERS.phoneNext;
const month = dubaiMonthBefore(2);

/** A phone whose service worker runs; an ended session's 401s are expected. */
const phone = (browser: Browser) =>
  openPhone(browser, { serviceWorkers: 'allow' }, /the server responded with a status of 401/);

type Payments = { items: { period: string | null; status: string; amount: number }[] };

/** The payments waiting in this browser's outbox, whoever made them. */
function paymentsOnPhone(page: Page): Promise<{ id: string; accountId: number }[]> {
  return page.evaluate(
    () =>
      new Promise<{ id: string; accountId: number }[]>((resolve, reject) => {
        const open = indexedDB.open('jamiya-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const done = (found: { id: string; accountId: number }[]) => {
            db.close();
            resolve(found);
          };
          if (!db.objectStoreNames.contains('waiting')) return done([]);
          const read = db.transaction('waiting').objectStore('waiting').get('payments');
          read.onerror = () => reject(read.error);
          read.onsuccess = () =>
            done(
              Object.values(
                (read.result ?? {}) as Record<string, { id: string; accountId: number }>,
              ).map(({ id, accountId }) => ({ id, accountId })),
            );
        };
      }),
  );
}

/**
 * Signs in on the phone and answers the account's id, as the server knows it. After an ended
 * session the sign-in leads back to the page it ended on.
 */
async function signInAs(page: Page, email: string): Promise<number> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/user(\/[\w-]+)?$/);
  const { userData } = (await apiAs(page, '/api/profile')) as { userData: { id: number } };
  return userData.id;
}

// The pages are opened through the app's links, as a member does: a page's code, once come,
// is there when the network is not (a page load without a network would need the service
// worker's files of a later session).
const shortcuts = (page: Page) => page.getByRole('navigation', { name: 'Member shortcuts' });

/** The member's pages this test goes to without a network, opened once with one. */
async function openPagesOnce(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Profile' }).first().click();
  await page.getByRole('link', { name: 'Switch account' }).click();
  await page.getByRole('link', { name: 'Stay signed in' }).click();
  await expect(page).toHaveURL(/\/user$/);
}

/** Pays the month without a network: the payment waits on the phone. */
async function payOffline(page: Page): Promise<void> {
  await openPagesOnce(page);
  await shortcuts(page).getByRole('link', { name: 'Monthly pay' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Monthly Pay' })).toBeVisible();
  // The form's code comes with a signal; then the signal goes.
  await page.getByRole('button', { name: 'Pay monthly due' }).click();
  const dialog = page.getByRole('dialog', { name: 'Monthly Payment' });
  await dialog.getByLabel('Month').selectOption(month.period);
  await page.waitForLoadState('networkidle');
  await page.context().setOffline(true);
  await expect(dialog.getByText('You are offline. Your payment will be kept')).toBeVisible();
  await fillPayment(dialog);
  await dialog.getByRole('button', { name: 'Send payment' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'your payment is kept on this phone' }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Waiting to send' }).getByRole('listitem'),
  ).toHaveCount(1);
}

/** The requests that send a month's payment, with their key and their bearer token. */
function watchSends(page: Page): { key: string; token: string }[] {
  const sent: { key: string; token: string }[] = [];
  page.context().on('request', (request) => {
    if (request.url().endsWith('/api/save-monthly-payment'))
      sent.push({
        key: request.headers()['idempotency-key'] ?? 'none',
        token: (request.headers().authorization ?? '').replace(/^Bearer /, ''),
      });
  });
  return sent;
}

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('ts_token'));

/** The member's payments for the month, as the server has them (signing in through the API). */
async function serverPayments(request: APIRequestContext, email: string) {
  const login = await request.post('/api/login', {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const res = await request.get('/api/my-payments', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  const { items } = (await res.json()) as Payments;
  await request.post('/api/logout', { headers: { authorization: `Bearer ${token}` } });
  return items.filter((p) => p.period === month.period);
}

/** He signs in again on the phone: his waiting payment goes, once, with his new session. */
async function itGoesOnceAtHisSignIn(
  page: Page,
  request: APIRequestContext,
  member: { email: string },
  sent: { key: string; token: string }[],
  waiting: { id: string }[],
): Promise<void> {
  await signIn(page, member.email);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your payment was submitted.' }),
  ).toBeVisible();
  await expect.poll(() => paymentsOnPhone(page)).toEqual([]);
  expect(sent).toEqual([{ key: waiting[0]!.id, token: await tokenOf(page) }]);
  const recorded = await serverPayments(request, member.email);
  expect(recorded).toHaveLength(1);
  expect(recorded[0]).toMatchObject({ status: 'pending', amount: 200 });
}

/** The next member on the phone: sees nothing of it, sends nothing, deletes nothing. */
async function nextMemberLeavesItAlone(
  page: Page,
  sent: { key: string }[],
  waiting: { id: string; accountId: number }[],
): Promise<void> {
  const nextId = await signInAs(page, next.email);
  expect(waiting.map((p) => p.accountId)).not.toContain(nextId);
  await page.goto('/user/monthly-pay');
  await expect(page.getByRole('heading', { level: 1, name: 'Monthly Pay' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Monthly dues' })).toBeVisible();
  // Nothing waits for him, and his network coming back sends nothing either.
  await page.context().setOffline(true);
  await page.context().setOffline(false);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: 'Waiting to send' })).toHaveCount(0);
  await expect(page.getByText('Waiting to send')).toHaveCount(0);
  expect(sent, 'nothing sent from his session').toEqual([]);

  // His sign-out asks nothing (nothing of his waits) and leaves the other member's payment.
  await page.goto('/user/profile');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await paymentsOnPhone(page)).toEqual(waiting);
}

test('a payment waiting for a member whose session ended is his: the next member neither sees, sends nor deletes it', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const member = E2E_MEMBERS.phoneEnded;
  const { page, close } = await phone(browser);
  const memberId = await signInAs(page, member.email);
  await payOffline(page);
  const waiting = await paymentsOnPhone(page);
  expect(waiting).toEqual([{ id: expect.stringMatching(/^[0-9a-f]{32}$/), accountId: memberId }]);

  // His session ends on the server while the phone has no network (an idle session, or ended
  // from another device); with the network back, the app finds out and asks for a sign-in.
  const ended = await request.post('/api/logout', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(ended.ok()).toBe(true);
  const sent = watchSends(page);
  await page.context().setOffline(false);
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(await paymentsOnPhone(page), 'kept for him').toEqual(waiting);
  sent.length = 0; // his ended token's attempt, refused: the money did not move

  await nextMemberLeavesItAlone(page, sent, waiting);

  // He signs in again: his payment goes, once, with his own new session.
  await itGoesOnceAtHisSignIn(page, request, member, sent, waiting);
  expect(await serverPayments(request, next.email)).toEqual([]);
  await close();
});

test('signing out with a payment waiting asks; "Keep" leaves it for the member’s next sign-in', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const member = E2E_MEMBERS.phoneKeeps;
  const { page, close } = await phone(browser);
  const memberId = await signInAs(page, member.email);
  await payOffline(page);
  const waiting = await paymentsOnPhone(page);
  expect(waiting).toEqual([{ id: expect.stringMatching(/^[0-9a-f]{32}$/), accountId: memberId }]);

  // Still without a network, from the phone's profile menu.
  await page.getByRole('link', { name: 'Profile' }).first().click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  const question = page.getByRole('dialog', { name: 'Before you sign out' });
  await expect(question).toBeVisible();
  await expect(question).toContainText(`Monthly due for ${month.label}: AED 200`);
  await expect(page).toHaveNoAxeViolations();
  // Escape keeps him signed in, where he was.
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(/\/user\/profile$/);
  expect(await tokenOf(page)).not.toBeNull();

  // By keyboard: the page behind is inert, Tab goes round the question's buttons (and the
  // browser's own controls, which a headless one has none of: the body).
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(question).toBeVisible();
  const focused: string[] = [];
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    focused.push(
      await question.evaluate((d) =>
        d.contains(document.activeElement)
          ? (document.activeElement?.textContent ?? '')
          : document.activeElement === document.body
            ? '(browser)'
            : '(page)',
      ),
    );
  }
  expect(focused).toEqual([
    'Stay signed in',
    'Delete and sign out',
    'Keep and sign out',
    '(browser)',
    '×',
    'Stay signed in',
  ]);
  await question.getByRole('button', { name: 'Keep and sign out' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(await tokenOf(page)).toBeNull();
  expect(await paymentsOnPhone(page)).toEqual(waiting);

  await page.context().setOffline(false);
  const sent = watchSends(page);
  await nextMemberLeavesItAlone(page, sent, waiting);

  await itGoesOnceAtHisSignIn(page, request, member, sent, waiting);
  await close();
});

test('signing out with a payment waiting asks; "Delete" removes it and no money moves', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const member = E2E_MEMBERS.phoneDeletes;
  const { page, close } = await phone(browser);
  await signInAs(page, member.email);
  await payOffline(page);
  expect(await paymentsOnPhone(page)).toHaveLength(1);

  // Through Switch account this time.
  await page.getByRole('link', { name: 'Profile' }).first().click();
  await page.getByRole('link', { name: 'Switch account' }).click();
  await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
  const question = page.getByRole('dialog', { name: 'Before you sign out' });
  await question.getByRole('button', { name: 'Delete and sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(await paymentsOnPhone(page)).toEqual([]);

  await page.context().setOffline(false);
  const sent = watchSends(page);
  await signIn(page, member.email);
  await page.goto('/user/monthly-pay');
  await expect(page.getByRole('heading', { level: 1, name: 'Monthly Pay' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: 'Waiting to send' })).toHaveCount(0);
  expect(sent).toEqual([]);
  expect(await serverPayments(request, member.email)).toEqual([]);
  await close();
});

for (const width of [320, 1280])
  test(`the question reads right to left in Arabic at ${width} px, whole and axe-clean`, async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext({
      viewport: { width, height: width === 320 ? 640 : 800 },
      locale: 'ar',
      baseURL: test.info().project.use.baseURL,
    });
    const page = await context.newPage();
    const login = await request.post('/api/login', {
      data: { email: E2E_MEMBERS.phoneKeeps.email, password: DEMO_PASSWORD },
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const profile = await request.get('/api/profile', {
      headers: { authorization: `Bearer ${token}` },
    });
    const { userData } = (await profile.json()) as { userData: { id: number } };
    // Signed in on this phone, with two payments of his waiting in its outbox, as the payment
    // form keeps them (the flow itself is the tests' above); the network fails them meanwhile.
    await page.goto('/sign-in');
    await page.evaluate(
      async ({ token, accountId }) => {
        localStorage.setItem('ts_token', token);
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open('jamiya-outbox');
          open.onupgradeneeded = () => open.result.createObjectStore('waiting');
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        const photo = new File([new Uint8Array(16)], 'receipt.jpg', { type: 'image/jpeg' });
        const kept = { accountId, path: '/api/save-monthly-payment', fields: {}, photo };
        await new Promise((resolve) => {
          const tx = db.transaction('waiting', 'readwrite');
          tx.objectStore('waiting').put(
            {
              a: { ...kept, id: 'a', keptAt: 1, kind: 'dues', amount: 200, period: '2026-09' },
              b: { ...kept, id: 'b', keptAt: 2, kind: 'repayment', amount: 350.5 },
            },
            'payments',
          );
          tx.oncomplete = resolve;
        });
        db.close();
      },
      { token, accountId: userData.id },
    );
    await page.route(/\/api\/(save-monthly-payment|my-loans\/\d+\/repayments)$/, (route) =>
      route.abort('internetdisconnected'),
    );
    await page.goto('/user/switch-account');
    await page.getByRole('main').getByRole('button', { name: 'تسجيل الخروج' }).click();
    const question = page.getByRole('dialog', { name: 'قبل تسجيل الخروج' });
    await expect(question).toBeVisible();
    await expect(question.getByRole('listitem')).toHaveText([
      // Amounts as Intl writes them in Arabic: the figure, then AED, marked right to left.
      /^اشتراك سبتمبر 2026: \u2066AED\s200\u2069$/,
      /^سداد القرض: \u2066AED\s350\.50\u2069$/,
    ]);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // Its buttons are in view whatever the height; none is wider than the screen.
    for (const name of ['الاحتفاظ وتسجيل الخروج', 'الحذف وتسجيل الخروج', 'البقاء في الحساب'])
      await expect(question.getByRole('button', { name })).toBeInViewport();
    expect(await sideways(page)).toEqual({ scrollWidth: 0, wide: [] });
    await expect(page).toHaveNoAxeViolations();
    await context.close();
  });
