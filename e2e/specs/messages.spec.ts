import { DESKTOP, expect, PHONE, signIn, test } from '../support/fixtures.ts';
import { DEMO_ADMIN, E2E_MEMBERS } from '../support/members.ts';

// anil (made for this flow) writes to the committee from his phone, with a photo; the
// treasurer, at another computer, finds the unread conversation and answers; anil's open page
// shows the answer by its own poll (every 10 s), without a reload.
const ANIL = E2E_MEMBERS.chat;
const QUESTION = 'Can I pay two months of dues at once next month?';
const ANSWER = 'Yes: send one receipt per month, both on the same day if you like.';
// A 24 × 24 PNG: the server re-encodes it, the treasurer sees it as a thumbnail.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAJ0lEQVQ4jWPgL8ujCmIYNYh/NIz4R9NR2WgWKRstRvJGS8i8gaxFAIeqIt/poqrdAAAAAElFTkSuQmCC',
  'base64',
);

test('a member writes to the committee, the treasurer answers, the answer appears by itself', async ({
  page: member,
  openAs,
}) => {
  test.setTimeout(90_000);
  await member.setViewportSize(PHONE);
  await signIn(member, ANIL.email, ANIL.password);
  await member.goto('/user/contact-chat');
  await expect(
    member.getByRole('heading', { level: 1, name: 'Contact the committee' }),
  ).toBeVisible();
  await expect(member.getByText('No messages yet')).toBeVisible();
  await expect(member).toHaveNoAxeViolations();

  await member.getByLabel('Your message').fill(QUESTION);
  await member
    .getByLabel('Attach a photo or PDF (optional)')
    .setInputFiles({ name: 'dues.png', mimeType: 'image/png', buffer: PNG });
  await expect(member.getByText('Attached: dues.png')).toBeVisible();
  await member.getByRole('button', { name: 'Send' }).click();
  const thread = member.getByRole('log', { name: 'Your conversation with the committee' });
  await expect(thread.getByText(QUESTION)).toBeVisible();
  await expect(thread.getByRole('img', { name: 'Attached photo (opens full size)' })).toBeVisible();
  await expect(member.getByLabel('Your message')).toHaveValue('');
  await expect(member).toHaveNoAxeViolations();
  // Marks the page, so that a reload (which would clear it) can be told apart from the poll.
  await member.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  const admin = await openAs(DEMO_ADMIN);
  await admin
    .getByRole('navigation', { name: 'Admin area' })
    .getByRole('link', { name: 'Messages' })
    .click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  const conversation = admin
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link')
    .filter({ hasText: ANIL.name });
  await expect(conversation).toContainText('1 unread');
  await expect(conversation).toContainText(QUESTION);
  await expect(admin).toHaveNoAxeViolations();

  await conversation.click();
  await expect(
    admin.getByRole('heading', { level: 1, name: `Messages with ${ANIL.name}` }),
  ).toBeVisible();
  const adminThread = admin.getByRole('log', { name: 'Conversation with the member' });
  await expect(adminThread.getByText(QUESTION)).toBeVisible();
  // The member's photo, read by the treasurer through the authorised file call.
  await expect(
    adminThread.getByRole('img', { name: 'Attached photo (opens full size)' }),
  ).toBeVisible();
  await expect(admin).toHaveNoAxeViolations();

  await admin.getByLabel('Your answer').fill(ANSWER);
  await admin.getByRole('button', { name: 'Send' }).click();
  await expect(adminThread.getByText(ANSWER)).toBeVisible();
  await expect(adminThread.getByText('Fatima Al Mansoori, committee')).toBeVisible();
  await admin.setViewportSize(PHONE);
  await expect(admin).toHaveNoAxeViolations();

  // Opening the thread read it: the list has no unread badge for anil any more.
  await admin.getByRole('link', { name: 'All conversations' }).click();
  await expect(conversation).toContainText(`Committee: ${ANSWER}`);
  await expect(conversation).not.toContainText('unread');
  await expect(admin).toHaveNoAxeViolations();
  await admin.setViewportSize(DESKTOP);
  await expect(admin).toHaveNoAxeViolations();

  // anil's page asks every 10 s: the answer arrives without a reload.
  await expect(thread.getByText(ANSWER)).toBeVisible({ timeout: 20_000 });
  await expect(thread.getByText('Fatima Al Mansoori, committee')).toBeVisible();
  expect(await member.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
    true,
  );
  await member.setViewportSize(DESKTOP);
  await expect(member).toHaveNoAxeViolations();
});
