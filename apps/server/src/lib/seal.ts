import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// What must wait in the database yet be read only by this server (a link two admins hand over):
// sealed with AES-256-GCM under a key kept outside the database, so a copy of the database
// alone opens nothing.

/** The server's key: SHA-256 of SECRET_KEY, or of DATA_DIR/secret.key, made on first start. */
export function loadSealKey(config: { secretKey: string | undefined; dataDir: string }): Buffer {
  if (config.secretKey) return createHash('sha256').update(config.secretKey).digest();
  const file = path.join(config.dataDir, 'secret.key');
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists: two processes starting together keep the first key.
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return createHash('sha256').update(fs.readFileSync(file, 'utf8').trim()).digest();
}

/** "iv.tag.ciphertext", each base64url. */
export function seal(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join('.');
}

/** The text, or null when another key sealed it (another server, SECRET_KEY changed). */
export function unseal(key: Buffer, sealed: string): string | null {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
