import { describe, expect, it } from 'vitest';
import type { HandOver } from '@jamiya/contracts/members';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sendSheet, sheetCsv, sheetMember } from '../../../test/import-sheet.ts';
import { signedInAdmin } from '../../../test/signed-in.ts';

// Issue 50, point 8: without mail, an import's invitations are shown to both admins who brought
// it in, for 7 days, each with its message in the member's language; for a member who never
// signed in, either admin fetches a fresh invitation (two admins), and both see it.

const DAY_MS = 24 * 60 * 60_000;
const noMail = { delivers: false, async send() {} };

/** A treasurer and a chair, and an import of three members the treasurer sent and the chair confirmed. */
async function importedByTwo(t: TestApp) {
  const treasurer = await signedInAdmin(t, 'Treasurer Tariq');
  const chair = await signedInAdmin(t, 'Chair Chitra');
  const rows = [
    sheetMember({ name: 'Ravi Kumar', language: 'hi', mobile: '+971501234567' }),
    sheetMember({ name: 'Amina Begum', language: 'bn' }),
    sheetMember({ name: 'Joseph Thomas', language: 'ml' }),
  ];
  const proposed = await sendSheet(t, treasurer.token, sheetCsv(rows), { dryRun: false });
  expect(proposed.statusCode).toBe(202);
  const id = proposed.json<{ import: { id: number } }>().import.id;
  const confirmed = await chair.call('POST', `/api/admin/imports/${id}/confirm`);
  expect(confirmed.statusCode).toBe(201);
  const invitations = confirmed.json<{ invitations: HandOver[] }>().invitations;
  return { treasurer, chair, id, invitations };
}

const byName = (list: HandOver[], name: string) => list.find((i) => i.member.name === name)!;

describe("an import's invitations without mail", () => {
  it("are shown again to the treasurer who sent the file, for 7 days, in each member's language", async () => {
    const t = await createTestApp({}, { mailer: noMail });
    try {
      const { treasurer, chair, id, invitations } = await importedByTwo(t);
      expect(invitations).toHaveLength(3);
      const ravi = byName(invitations, 'Ravi Kumar');
      expect(ravi.purpose).toBe('invite');
      expect(ravi.issued_by).toBe('Treasurer Tariq');
      expect(ravi.confirmed_by).toBe('Chair Chitra');
      const lasts = Date.parse(ravi.set_password_link.expires_at) - Date.now();
      expect(lasts).toBeGreaterThan(7 * DAY_MS - 60_000);
      expect(lasts).toBeLessThanOrEqual(7 * DAY_MS);
      // The message is the member's, not the admin's: Hindi, Bengali, Malayalam.
      expect(ravi.message).toContain('प्रिय Ravi Kumar');
      expect(ravi.message).toContain(ravi.set_password_link.url);
      expect(byName(invitations, 'Amina Begum').message).toMatch(/[\u0980-\u09ff]/);
      expect(byName(invitations, 'Joseph Thomas').message).toMatch(/[\u0d00-\u0d7f]/);

      const again = await treasurer.call('GET', `/api/admin/imports/${id}/invitations`);
      expect(again.statusCode).toBe(200);
      const seen = again.json<{ invitations: HandOver[] }>().invitations;
      expect(seen.map((i) => i.set_password_link.url).sort()).toEqual(
        invitations.map((i) => i.set_password_link.url).sort(),
      );
      const chairs = await chair.call('GET', `/api/admin/imports/${id}/invitations`);
      expect(chairs.json<{ invitations: HandOver[] }>().invitations).toHaveLength(3);

      // An admin who had no part in it gets none; a member is refused; an unknown import is 404.
      const other = await signedInAdmin(t, 'Other Omar');
      const others = await other.call('GET', `/api/admin/imports/${id}/invitations`);
      expect(others.json<{ invitations: HandOver[] }>().invitations).toEqual([]);
      expect((await other.call('GET', '/api/admin/imports/999999/invitations')).statusCode).toBe(
        404,
      );

      // A member who set their password is no longer among them.
      const token = new URL(ravi.set_password_link.url).searchParams.get('token')!;
      const set = await t.app.inject({
        method: 'POST',
        url: '/api/password/set',
        payload: {
          token,
          password: 'a long new password 42',
          password_confirmation: 'a long new password 42',
        },
      });
      expect(set.statusCode).toBe(200);
      const after = await treasurer.call('GET', `/api/admin/imports/${id}/invitations`);
      expect(
        after
          .json<{ invitations: HandOver[] }>()
          .invitations.map((i) => i.member.name)
          .sort(),
      ).toEqual(['Amina Begum', 'Joseph Thomas']);
    } finally {
      await t.close();
    }
  });

  it('are fetched fresh for a member not signed in yet: proposed, confirmed, and shown to both', async () => {
    const t = await createTestApp({}, { mailer: noMail });
    try {
      const { treasurer, chair, id, invitations } = await importedByTwo(t);
      const amina = byName(invitations, 'Amina Begum');
      const url = `/api/admin/members/${amina.member.id}/password-reset`;

      const proposed = await treasurer.call('POST', url);
      expect(proposed.statusCode).toBe(202);
      const confirmed = await chair.call('POST', url);
      expect(confirmed.statusCode).toBe(200);
      const fresh = confirmed.json<{ handover: HandOver; message: string }>();
      expect(fresh.message).toBe('Give this invitation to the member; it works once, for 7 days.');
      expect(fresh.handover.purpose).toBe('invite');
      expect(fresh.handover.issued_by).toBe('Treasurer Tariq');
      expect(fresh.handover.confirmed_by).toBe('Chair Chitra');
      expect(Date.parse(fresh.handover.set_password_link.expires_at) - Date.now()).toBeGreaterThan(
        7 * DAY_MS - 60_000,
      );
      expect(fresh.handover.message).toMatch(/[\u0980-\u09ff]/);
      expect(fresh.handover.set_password_link.url).not.toBe(amina.set_password_link.url);

      // The proposer, who knows the member, finds the same link on the member's page.
      const link = `/api/admin/members/${amina.member.id}/password-link`;
      const treasurers = (await treasurer.call('GET', link)).json<{ handover: HandOver | null }>();
      expect(treasurers.handover?.set_password_link.url).toBe(fresh.handover.set_password_link.url);
      const other = await signedInAdmin(t, 'Other Omar');
      expect((await other.call('GET', link)).json<{ handover: null }>().handover).toBeNull();

      // The fresh link replaced the import's: that one is gone from the import's list too.
      const listed = await treasurer.call('GET', `/api/admin/imports/${id}/invitations`);
      expect(
        listed
          .json<{ invitations: HandOver[] }>()
          .invitations.map((i) => i.member.name)
          .sort(),
      ).toEqual(['Joseph Thomas', 'Ravi Kumar']);
      const oldToken = new URL(amina.set_password_link.url).searchParams.get('token')!;
      const old = await t.app.inject({
        method: 'POST',
        url: '/api/password/set',
        payload: {
          token: oldToken,
          password: 'a long new password 42',
          password_confirmation: 'a long new password 42',
        },
      });
      expect(old.statusCode).toBe(422);
    } finally {
      await t.close();
    }
  });

  it('a member opened by hand who never signed in gets an invitation again, and the first stays with its admin', async () => {
    const t = await createTestApp({}, { mailer: noMail });
    try {
      const admin = await signedInAdmin(t);
      const opened = await admin.call('POST', '/api/admin/members', {
        name: 'Suresh Yadav',
        email: 'suresh@example.test',
        mobile: '050 765 4321',
        language: 'hi',
      });
      expect(opened.statusCode).toBe(201);
      const first = opened.json<{ member: { id: number }; handover: HandOver }>();
      expect(first.handover.purpose).toBe('invite');
      const link = `/api/admin/members/${first.member.id}/password-link`;
      expect(
        (await admin.call('GET', link)).json<{ handover: HandOver }>().handover.set_password_link
          .url,
      ).toBe(first.handover.set_password_link.url);
      const again = await admin.call(
        'POST',
        `/api/admin/members/${first.member.id}/password-reset`,
      );
      expect(again.json<{ handover: HandOver }>().handover.purpose).toBe('invite');
    } finally {
      await t.close();
    }
  });

  it('a member who has a password gets a 24-hour reset, and one admin alone sees its link', async () => {
    const t = await createTestApp({}, { mailer: noMail });
    try {
      const admin = await signedInAdmin(t);
      const member = await t.makeUser({ language: 'ur' });
      const answer = await admin.call('POST', `/api/admin/members/${member.id}/password-reset`);
      expect(answer.statusCode).toBe(200);
      const { handover } = answer.json<{ handover: HandOver }>();
      expect(handover.purpose).toBe('reset');
      expect(handover.confirmed_by).toBeNull();
      const lasts = Date.parse(handover.set_password_link.expires_at) - Date.now();
      expect(lasts).toBeLessThanOrEqual(DAY_MS);
      expect(handover.message).toMatch(/[\u0600-\u06ff]/);
      const again = await admin.call('GET', `/api/admin/members/${member.id}/password-link`);
      expect(again.json<{ handover: HandOver }>().handover.set_password_link.url).toBe(
        handover.set_password_link.url,
      );
    } finally {
      await t.close();
    }
  });
});
