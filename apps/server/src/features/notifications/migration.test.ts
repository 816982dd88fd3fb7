import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import { createPglite, migrationsFolder } from '../../db/client.ts';
import type { NoticeParams } from '../../db/schema/notifications.ts';
import { renderNotice } from './texts.ts';

// Migration 0013 stores notifications as a text and its values; those written before were
// English sentences, and they stay readable as they were written.

const MIGRATION = '0013_notification_params';
const folders: string[] = [];
afterAll(() => Promise.all(folders.map((dir) => fs.rm(dir, { recursive: true, force: true }))));

/** The migrations before `tag`, in a folder of their own. */
async function migrationsBefore(tag: string): Promise<string> {
  const all = migrationsFolder();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'jamiya-migrations-'));
  folders.push(dir);
  const journal = JSON.parse(await fs.readFile(path.join(all, 'meta', '_journal.json'), 'utf8'));
  const entries = journal.entries as { tag: string }[];
  const earlier = entries.slice(
    0,
    entries.findIndex((e) => e.tag === tag),
  );
  await fs.mkdir(path.join(dir, 'meta'));
  await fs.writeFile(
    path.join(dir, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries: earlier }),
  );
  for (const e of earlier)
    await fs.copyFile(path.join(all, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

it('keeps the notifications written before it, as they were written, in every language', async () => {
  const client = await createPglite();
  try {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: await migrationsBefore(MIGRATION) });
    await client.exec(`
      insert into users (unique_id, name, email, password_hash, joined_on)
        values ('JM-1', 'Amina Rahman', 'amina@example.test', 'x', '2026-01-01');
      insert into notifications (user_id, kind, title, body, link)
        select id, 'loan_state', 'Your loan is approved', 'Your loan of AED 1,000 is approved.', '/user/my-loan'
        from users;`);

    await migrate(db, { migrationsFolder: migrationsFolder() });
    const { rows } = await client.query<{ kind: string; params: NoticeParams; link: string }>(
      'select kind, params, link from notifications',
    );
    expect(rows).toEqual([
      {
        kind: 'loan_state',
        params: {
          text: 'asWritten',
          values: { title: 'Your loan is approved', body: 'Your loan of AED 1,000 is approved.' },
        },
        link: '/user/my-loan',
      },
    ]);
    for (const language of ['en', 'hi', 'ur'] as const) {
      expect(renderNotice(rows[0]!.params, language)).toEqual({
        title: 'Your loan is approved',
        body: 'Your loan of AED 1,000 is approved.',
      });
    }
  } finally {
    await client.close();
  }
});
