import { PHONE, expect, layoutShift, signIn, test } from '../support/fixtures.ts';

test.describe('no layout shift on load at 390 px', () => {
  test.use({ viewport: PHONE });

  test('the landing page', async ({ page }) => {
    await page.goto('/');
    const shift = await layoutShift(page);
    expect(shift.total, shift.moved).toBeLessThan(0.1);
  });

  test('the member pages', async ({ page }) => {
    await signIn(page, 'amina@jamiya.example');
    for (const path of [
      '/user',
      '/user/monthly-pay',
      '/user/apply-loan',
      '/user/my-loan',
      '/user/dashboard',
      '/user/my-profile',
      '/user/mobile-recharge',
      '/user/notifications',
    ]) {
      await page.goto(path);
      const shift = await layoutShift(page);
      expect(shift.total, `${path}: ${shift.moved}`).toBeLessThan(0.1);
    }
  });
});
