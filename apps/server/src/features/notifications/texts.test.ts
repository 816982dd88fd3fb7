import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { EARLIER_TEXTS } from './texts.ts';

// Each notification the code writes has its title and body (every language's are checked with
// every other catalog's, test/texts.test.ts).

const features = path.resolve(import.meta.dirname, '..');

const read = (feature: string, language: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(features, feature, 'locales', `${language}.json`), 'utf8'));

it('has a title and a body for each notification, and each is one the code writes', () => {
  const english = Object.fromEntries(
    Object.entries(read('notifications', 'en'))
      .filter(([id]) => id.startsWith('notifications.'))
      .map(([id, text]) => [id.slice('notifications.'.length), text]),
  );
  const texts = [...new Set(Object.keys(english).map((key) => key.split('.')[0]!))];
  // The notices are written in the files beside texts.ts (payment-notices.ts, loan-notices.ts...).
  const folder = path.join(features, 'notifications');
  const code = fs
    .readdirSync(folder)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => fs.readFileSync(path.join(folder, file), 'utf8'))
    .join('\n');
  for (const id of texts) {
    // In extract's order (by id).
    expect(Object.keys(english).filter((key) => key.startsWith(`${id}.`))).toEqual([
      `${id}.body`,
      `${id}.title`,
    ]);
    // Texts kept for the rows written before (asWritten: migration 0013) are read, not written.
    if (!(EARLIER_TEXTS as readonly string[]).includes(id)) expect(code, id).toContain(`'${id}'`);
  }
});
