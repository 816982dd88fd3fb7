// npm run lint:api  (tsx scripts/openapi.ts [out.json], then spectral lint on it)
//
// Writes the API's OpenAPI document (what GET /api/openapi.json answers) to a file without a
// running server: the app is built as the tests build it, on an in-memory PGlite database that
// nobody writes to, and the document is read through app.inject. Spectral (.spectral.yaml)
// then lints the file; CI fails on a warning.
import fs from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { openPglite } from '../apps/server/src/db/client.ts';
import { databaseStorage } from '../apps/server/src/features/files/public.ts';

const out = path.resolve(process.argv[2] ?? '.tmp/openapi.json');

const database = await openPglite(undefined);
const app = await buildApp(
  {
    logLevel: 'silent',
    trustProxy: false,
    sessionTtlMs: 12 * 60 * 60_000,
    sessionIdleMs: 30 * 60_000,
    smtpUrl: undefined,
    mailFrom: 'Jamiya <no-reply@jamiya.invalid>',
    publicUrl: 'http://localhost:3000',
    uploadsPerHour: 30,
    uploadBytesPerDay: 50 * 1024 * 1024,
    uploadBytesTotal: 500 * 1024 * 1024,
    messagesPerHour: 60,
    rechargeRequestsPerDay: 10,
  },
  { db: database.db, storage: databaseStorage, mailer: { delivers: false, async send() {} } },
);
try {
  await app.ready();
  const res = await app.inject({ url: '/api/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}`);
  await fs.mkdir(path.dirname(out), { recursive: true });
  await fs.writeFile(out, `${JSON.stringify(res.json(), null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
} finally {
  await app.close();
  await database.close();
}
