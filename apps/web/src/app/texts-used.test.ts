import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { flatten, namespacesIn, textsFile } from '../../scripts/texts-plugin.ts';

// No English text that no code asks for: a key is used when the code names it in a string
// (`t('dues.title')`), or names its start in a template (`t(\`states.${state}\`)`). A key that
// is no longer used goes, from every language (docs/languages.md).
const src = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const code = sourceFiles(src)
  .map((file) => fs.readFileSync(file, 'utf8'))
  .join('\n');
const strings = new Set<string>();
// One pass per quote, so that a string inside a template is found too.
for (const quote of [`'`, `"`, '`'])
  for (const [, text] of code.matchAll(new RegExp(`${quote}([^${quote}\\\\\\n]*)${quote}`, 'g')))
    strings.add(text!);
const starts = [...strings]
  .filter((text) => text.includes('${'))
  .map((text) => text.slice(0, text.indexOf('${')))
  .filter(Boolean);

const namespaces = namespacesIn(src);

it('has no English text that the code does not use', () => {
  const unused = namespaces.flatMap((namespace) =>
    Object.keys(flatten(JSON.parse(fs.readFileSync(textsFile(src, namespace, 'en'), 'utf8'))))
      .filter((key) => !strings.has(key) && !starts.some((start) => key.startsWith(start)))
      .map((key) => `${namespace}: ${key}`),
  );
  expect(unused).toEqual([]);
});
