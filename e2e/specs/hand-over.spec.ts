import type { Page } from '@playwright/test';
import { DESKTOP, PHONE, apiAs, expect, test } from '../support/fixtures.ts';
import { DEMO_ADMIN, DEMO_CHAIR } from '../support/members.ts';
import { serverWithoutMail } from '../support/run-server.ts';

// Issue 50, point 8: on an association without mail, a link to set a password waits on the
// member's page for the admins who made it; a member who never signed in gets a fresh 7-day
// invitation from two admins, shown to both, with a WhatsApp message in the member's language.

const server = serverWithoutMail();

const card = (page: Page) => page.getByRole('region', { name: 'Invitation to set a password' });

test('a fresh invitation for a member not signed in yet is made by two admins and waits for both', async ({
  openAs,
}) => {
  test.setTimeout(90_000);
  const treasurer = await openAs(DEMO_ADMIN, DESKTOP, server.base);
  const opened = (await apiAs(treasurer, '/api/admin/members', {
    method: 'POST',
    data: {
      name: 'Suresh Yadav',
      email: 'suresh.handover@e2e.example',
      mobile: '050 765 4321',
      language: 'hi',
    },
  })) as { member: { id: number } };
  const memberPage = `/admin/members/${opened.member.id}`;

  // The treasurer proposes a fresh invitation; the chair confirms it and is shown the link.
  await treasurer.goto(memberPage);
  await treasurer.getByRole('button', { name: 'Create password link' }).click();
  const propose = treasurer.getByRole('dialog', { name: 'New password link' });
  await expect(propose).toContainText(
    'a new invitation that works for 7 days if they never set one',
  );
  await propose.getByRole('button', { name: 'Create link' }).click();
  await expect(propose.getByRole('status')).toContainText('shown to both of you');
  await propose.getByRole('button', { name: 'Done' }).click();

  const chair = await openAs(DEMO_CHAIR, PHONE, server.base);
  await chair.goto(memberPage);
  await chair.getByRole('button', { name: 'Confirm' }).click();
  const confirm = chair.getByRole('dialog', { name: 'New password link' });
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  const given = confirm.getByRole('region', { name: 'Invitation to set a password' });
  await expect(given).toBeVisible();
  const url = await given.getByRole('textbox', { name: 'The link' }).inputValue();
  expect(url).toMatch(/\/set-password\?token=[\w-]{43}&lang=hi$/);
  await chair.screenshot({ path: '.tmp/shots/hand-over-chair-390.png', fullPage: true });
  await confirm.getByRole('button', { name: 'Done' }).click();

  // The treasurer, who knows the member, finds the same link on the member's page.
  await treasurer.reload();
  await expect(card(treasurer)).toContainText(
    /Proposed by \u2068Fatima Al Mansoori\u2069 and confirmed by \u2068Yusuf Khan\u2069/,
  );
  await expect(card(treasurer).getByRole('textbox', { name: 'The link' })).toHaveValue(url);
  const whatsApp = card(treasurer).getByRole('link', { name: 'Send on WhatsApp' });
  const href = new URL((await whatsApp.getAttribute('href'))!);
  expect(href.origin + href.pathname).toBe('https://wa.me/971507654321');
  const message = href.searchParams.get('text')!;
  expect(message).toContain('प्रिय Suresh Yadav');
  expect(message).toContain(url);
  await expect(treasurer).toHaveNoAxeViolations();
  await treasurer.screenshot({
    path: '.tmp/shots/hand-over-treasurer-1280.png',
    fullPage: true,
  });

  // Once the member sets a password, the link is gone from both pages.
  await treasurer.context().request.post(`${server.base}/api/password/set`, {
    data: {
      token: new URL(url).searchParams.get('token'),
      password: 'suresh-new-pass-2026',
      password_confirmation: 'suresh-new-pass-2026',
    },
  });
  await treasurer.reload();
  await expect(treasurer.getByRole('heading', { level: 1, name: 'Suresh Yadav' })).toBeVisible();
  await expect(card(treasurer)).toHaveCount(0);
});
