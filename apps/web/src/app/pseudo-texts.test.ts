import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { compileTexts, namespacesIn } from '../../scripts/texts-plugin.ts';

// The pseudo-locale (JAMIYA_PSEUDO=1, e2e/specs/pseudo.spec.ts): every English text accented,
// so that a word in plain English on a page is one that did not come from the texts; its
// placeholders and <tags> as they were, so that the pages still fill them in.
const src = path.resolve(import.meta.dirname, '..');
const namespaces = namespacesIn(src);

afterEach(() => vi.unstubAllEnvs());

type Compiled = ReturnType<typeof compileTexts>[string];

/** The words of a compiled message (its tags left out), and the names of its placeholders. */
function partsOf(message: Compiled, parts = { words: [] as string[], names: [] as string[] }) {
  for (const token of message) {
    if (typeof token === 'string') {
      parts.words.push(...(token.replace(/<\/?\w+>/g, ' ').match(/\p{L}+/gu) ?? []));
      continue;
    }
    const [name, , format] = token;
    parts.names.push(name);
    // A plural's or a select's choices, each a message.
    if (format && typeof format === 'object')
      for (const choice of Object.values(format)) if (Array.isArray(choice)) partsOf(choice, parts);
  }
  return parts;
}

it.each(namespaces)('accents every English text of %s, its placeholders and tags kept', (ns) => {
  const plain = compileTexts(src, ns, 'en');
  vi.stubEnv('JAMIYA_PSEUDO', '1');
  const pseudo = compileTexts(src, ns, 'en');
  expect(Object.keys(pseudo)).toEqual(Object.keys(plain));
  for (const [key, message] of Object.entries(pseudo)) {
    const text = JSON.stringify(message);
    expect([key, text.match(/<\/?\w+>/g)]).toEqual([
      key,
      JSON.stringify(plain[key]).match(/<\/?\w+>/g),
    ]);
    expect([key, partsOf(message).names]).toEqual([key, partsOf(plain[key]!).names]);
    const english = partsOf(message).words.filter((word) => /^[A-Za-z]{2,}$/.test(word));
    expect([key, english]).toEqual([key, []]);
  }
});
