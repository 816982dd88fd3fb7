import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSealKey, seal, unseal } from './seal.ts';

describe('sealing what waits in the database', () => {
  const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'jamiya-seal-'));

  it('opens with its own key only, and never holds the text in the clear', () => {
    const key = loadSealKey({ secretKey: 'a key of at least thirty-two characters', dataDir: '' });
    const url = 'http://jamiya.test/set-password?token=abc';
    const sealed = seal(key, url);
    expect(sealed).not.toContain('token');
    expect(seal(key, url)).not.toBe(sealed); // a new IV each time
    expect(unseal(key, sealed)).toBe(url);
    const other = loadSealKey({ secretKey: 'another key of thirty-two characters', dataDir: '' });
    expect(unseal(other, sealed)).toBeNull();
    const [iv, tag, body] = sealed.split('.');
    const flipped = `${body!.startsWith('A') ? 'B' : 'A'}${body!.slice(1)}`;
    expect(unseal(key, `${iv}.${tag}.${flipped}`)).toBeNull();
    expect(unseal(key, 'not sealed')).toBeNull();
  });

  it('makes DATA_DIR/secret.key once, readable by its owner alone, when SECRET_KEY is unset', () => {
    const dir = dataDir();
    const first = loadSealKey({ secretKey: undefined, dataDir: dir });
    const file = path.join(dir, 'secret.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSealKey({ secretKey: undefined, dataDir: dir }).equals(first)).toBe(true);
    const sealed = seal(first, 'kept');
    expect(unseal(loadSealKey({ secretKey: undefined, dataDir: dataDir() }), sealed)).toBeNull();
  });
});
