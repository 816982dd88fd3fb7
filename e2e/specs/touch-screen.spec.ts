import { apiAs, expect, signIn, test } from '../support/fixtures.ts';
import { DEMO_ADMIN, DEMO_MEMBERS } from '../support/members.ts';
import { openPhone } from '../support/phone.ts';

// Issue 33: a touch screen has no Ctrl key to speak of, so the chat's composer does not offer
// Ctrl+Enter there; with a mouse and a keyboard it does. The member's and the treasurer's.
// Read only: nothing is sent.

const KEYS = 'Ctrl+Enter sends.';

test('the chat offers Ctrl+Enter with a keyboard, not on a touch screen', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO_MEMBERS.rahul);
  await page.goto('/user/contact-chat');
  await expect(page.getByLabel('Your message')).toHaveAccessibleDescription(
    `Up to 2000 characters. ${KEYS}`,
  );
  await expect(page.getByText(KEYS)).toBeVisible();

  const member = await openPhone(browser);
  try {
    await signIn(member.page, DEMO_MEMBERS.rahul);
    await member.page.goto('/user/contact-chat');
    await expect(member.page.getByLabel('Your message')).toHaveAccessibleDescription(
      'Up to 2000 characters.',
    );
    await expect(member.page.getByText('Up to 2000 characters.')).toBeVisible();
    await expect(member.page.getByText(KEYS)).toBeHidden();
  } finally {
    await member.close();
  }

  // The treasurer answering from a phone reads the same.
  const treasurer = await openPhone(browser);
  try {
    await signIn(treasurer.page, DEMO_ADMIN);
    const members = (await apiAs(treasurer.page, '/api/admin/members?q=amina')) as {
      items: { id: number }[];
    };
    await treasurer.page.goto(`/admin/messages/${members.items[0]!.id}`);
    await expect(treasurer.page.getByLabel('Your answer')).toHaveAccessibleDescription(
      'Up to 2000 characters.',
    );
    await expect(treasurer.page.getByText(KEYS)).toBeHidden();
  } finally {
    await treasurer.close();
  }
});
