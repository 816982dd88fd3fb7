import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { users } from '../src/db/schema/users.ts';
import { databaseStorage } from '../src/features/files/file-storage.ts';
import { getSettings } from '../src/features/settings/settings.ts';
import { textsIn } from '../src/lib/i18n.ts';
import { bearer, freshDatabase, TEST_CONFIG, useTestApp } from './harness.ts';

// Issue 34, point 3: the invitation keeps the language chosen on the Join page, or the one the
// admin who adds a member chooses: the mail, the set-password page and the member's first
// sign-in are in it.

const t = useTestApp();
let adminToken: string;
beforeAll(async () => {
  adminToken = await t.login((await t.makeUser({ role: 'admin' })).email);
});

const LINK = /(http:\/\/jamiya\.test\/set-password\?\S+)/;
const subject = async (language: 'en' | 'ur') =>
  textsIn(language)._('mail.passwordLink.invite.subject', {
    association: (await getSettings(t.db)).associationName,
  });

async function lastMailTo(email: string) {
  const mail = t.sentMails.filter((m) => m.to === email).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

describe('an applicant who joins in Urdu', () => {
  it('is invited in Urdu once accepted, with a link that opens the page in Urdu', async () => {
    const email = `noor-${Date.now()}@example.test`;
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { 'accept-language': 'ur' },
      payload: {
        name: 'نور فاطمہ',
        email,
        mobile: '+971 50 765 4321',
        national_id: 'P7777777',
        address: 'Al Nahda, Dubai',
      },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const list = await t.app.inject({
      url: '/api/admin/applications?status=pending',
      headers: bearer(adminToken),
    });
    const application = list.json().items.find((a: { email: string }) => a.email === email);
    expect(application.language).toBe('ur');

    // The treasurer reads the app in English: the invitation is still the applicant's.
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${application.id}/accept`,
      headers: { ...bearer(adminToken), 'accept-language': 'en' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user!.language).toBe('ur');
    const mail = await lastMailTo(email);
    expect(mail.subject).toBe(await subject('ur'));
    expect(LINK.exec(mail.text)?.[1]).toMatch(/[?&]lang=ur(&|$)/);
  });
});

describe('a member an admin adds', () => {
  it('gets the invitation in the language the admin chose, and English when none is chosen', async () => {
    const create = (email: string, language?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/members',
        headers: bearer(adminToken),
        payload: {
          name: 'Sami',
          email,
          mobile: '+971 55 000 1111',
          ...(language ? { language } : {}),
        },
      });
    const urdu = `sami-ur-${Date.now()}@example.test`;
    const created = await create(urdu, 'ur');
    expect(created.statusCode, created.body).toBe(201);
    expect((await lastMailTo(urdu)).subject).toBe(await subject('ur'));

    const english = `sami-en-${Date.now()}@example.test`;
    expect((await create(english)).statusCode).toBe(201);
    const mail = await lastMailTo(english);
    expect(mail.subject).toBe(await subject('en'));
    expect(LINK.exec(mail.text)?.[1]).not.toMatch(/lang=/);

    const refused = await create(`sami-xx-${Date.now()}@example.test`, 'fr');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.language).toBeDefined();
  });
});

describe('the set-password page of a link', () => {
  let root: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'jamiya-pages-'));
    // The built app's pages, one folder a language (plugins/web-app.ts), as the build writes them.
    for (const language of ['en', 'ur']) {
      await fs.mkdir(path.join(root, 'pages', language), { recursive: true });
      await fs.writeFile(
        path.join(root, 'pages', language, 'set-password.html'),
        `<!doctype html><html lang="${language}"><body>set-password ${language}</body></html>`,
      );
    }
    await fs.writeFile(
      path.join(root, 'pages', 'routes.json'),
      JSON.stringify({ '/set-password': 'set-password.html' }),
    );
    await fs.writeFile(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
    db = await freshDatabase();
    app = await buildApp(
      TEST_CONFIG,
      { db: db.database.db, storage: databaseStorage },
      {
        webRoot: root,
      },
    );
  });
  afterAll(async () => {
    await app?.close();
    await db?.destroy();
    await fs.rm(root, { recursive: true, force: true });
  });

  it("opens in the link's language, whatever the browser's, and keeps it for the next pages", async () => {
    const res = await app.inject({
      url: '/set-password?token=abc&lang=ur',
      headers: { 'accept-language': 'en-GB,en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('lang="ur"');
    expect(String(res.headers['set-cookie'])).toMatch(/(^|,\s*)lang=ur;/);
    // Without it, or with one the app does not speak, the browser's language as before.
    expect((await app.inject({ url: '/set-password?token=abc' })).body).toContain('lang="en"');
    expect((await app.inject({ url: '/set-password?token=abc&lang=fr' })).body).toContain(
      'lang="en"',
    );
  });
});
