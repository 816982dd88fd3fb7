import { sideways } from '../support/overflow.ts';
import { apiAs, expect, PHONE, signIn, test } from '../support/fixtures.ts';
import { DEMO_ADMIN, E2E_MEMBERS } from '../support/members.ts';

// Issue 39: the treasurer works the arrears list on a phone (docs/domain/arrears.md): the
// loans at risk, the dues behind by age, and who to call first, each with a call and a WhatsApp
// message in the member's language.

test.use({ viewport: PHONE });

type Report = {
  loans: { par30: number };
  members: Array<{ member: { name: string }; whatsapp_url: string | null; owed: number }>;
};

test('the treasurer works the arrears list on a phone', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await page.goto('/admin/arrears');
  await expect(page.getByRole('heading', { level: 1, name: 'Arrears' })).toBeVisible();
  const report = (await apiAs(page, '/api/admin/arrears')) as Report;

  const atRisk = page.getByRole('region', { name: 'Loans at risk' });
  await expect(atRisk).toContainText('PAR30');
  await expect(atRisk).toContainText(`${report.loans.par30}%`);
  await expect(page.getByRole('region', { name: 'Dues in arrears' })).toContainText(
    '1 month behind',
  );

  // Oldest first, as the API lists them; the late member of the run is among them.
  const list = page.getByRole('list', { name: 'Who to call' });
  const items = list.getByRole('listitem');
  await expect(items).toHaveCount(report.members.length);
  await expect(items.first()).toContainText(report.members[0]!.member.name);
  // The late member of the run (a mobile: e2e/support/prepare-db.ts): a call, and a WhatsApp
  // message ready to send, in his language.
  const late = report.members.find((m) => m.member.name === E2E_MEMBERS.lateFine.name)!;
  const card = items.filter({ hasText: late.member.name });
  await expect(card.getByRole('link', { name: 'Call' })).toHaveAttribute(
    'href',
    'tel:+971501234567',
  );
  const whatsapp = card.getByRole('link', { name: 'WhatsApp' });
  await expect(whatsapp).toHaveAttribute('href', late.whatsapp_url!);
  expect(late.whatsapp_url).toMatch(/^https:\/\/wa\.me\/971501234567\?text=/);
  // The association speaks; nothing the member wrote (their name) goes into the message.
  const message = new URL(late.whatsapp_url!).searchParams.get('text')!;
  expect(message).toMatch(/^Hello, this is .+\. AED/);
  expect(message).not.toContain(late.member.name);
  // A member behind with no mobile has neither link.
  const noMobile = report.members.find((m) => m.whatsapp_url === null)!;
  await expect(items.filter({ hasText: noMobile.member.name })).toContainText('No mobile number');

  // The treasurer opens the member from the list.
  await card.getByRole('link', { name: late.member.name }).click();
  await expect(page).toHaveURL(/\/admin\/members\/\d+$/);
  await page.goBack();
  await expect(list).toBeVisible();
  expect((await sideways(page)).wide).toEqual([]);
});
