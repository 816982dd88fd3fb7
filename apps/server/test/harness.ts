// The server tests' kit, the one module the test files import: a database of its own for each
// test file, the real app on it, and requests and error answers at the HTTP level. The
// people (harness/people.ts) and the books (harness/books.ts) are beside it and exported here.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openPostgres, type Database, type Db } from '../src/db/client.ts';
import { count, type SQL } from 'drizzle-orm';
import { fileContents } from '../src/db/schema/files.ts';
import { settings } from '../src/db/schema/settings.ts';
import { databaseStorage, type FileStorage } from '../src/features/files/file-storage.ts';
import type { Mailer, OutgoingMail } from '../src/features/mail/mailer.ts';
import type { NewUser } from '../src/features/users/create-user.ts';
import type { User } from '../src/features/users/user-data.ts';

import { expectBooksBalance, fundCash } from './harness/books.ts';
import { bearer, login, makeUser } from './harness/people.ts';
import { scratchPostgres } from './scratch-postgres.ts';

export * from './harness/people.ts';
export * from './harness/books.ts';

export interface TestDatabase {
  database: Database;
  /** Its connection string (for a child process). */
  url: string;
  /** Closes and opens the same database again (a restart). */
  reopen(): Promise<Database>;
  destroy(): Promise<void>;
}

/** A fresh database for one test file, on the run's PostgreSQL (test/global-setup.ts). */
export async function freshDatabase(): Promise<TestDatabase> {
  const scratch = await scratchPostgres(
    process.env.TEST_DATABASE_URL!,
    'jamiya_t',
    inject('templateDatabase'),
  );
  let database = await openPostgres(scratch.url);
  return {
    url: scratch.url,
    get database() {
      return database;
    },
    async reopen() {
      await database.close();
      database = await openPostgres(scratch.url);
      return database;
    },
    async destroy() {
      await database.close();
      await scratch.drop();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  storage: FileStorage;
  testDb: TestDatabase;
  /** The mails the app sent, oldest first (empty when a mailer of the test's own is used). */
  sentMails: OutgoingMail[];
  // The kit's helpers on this app and its database: `t.makeUser()` for `makeUser(t.db)`.
  makeUser(overrides?: Partial<NewUser>): Promise<User>;
  login(email: string, password?: string): Promise<string>;
  fundCash(fils: number, at?: Date): Promise<User>;
  expectBooksBalance(): Promise<void>;
  postForm(url: string, token: string, form: Form): ReturnType<typeof postForm>;
  close(): Promise<void>;
}

export const TEST_CONFIG = {
  logLevel: 'silent',
  trustProxy: false as string[] | false,
  sessionTtlMs: 12 * 60 * 60_000,
  sessionIdleMs: 30 * 60_000,
  smtpUrl: undefined as string | undefined,
  mailFrom: 'Jamiya <no-reply@jamiya.test>',
  publicUrl: 'http://jamiya.test',
  // The production defaults (config.ts); a test sets them low to reach them.
  uploadsPerHour: 30,
  uploadBytesPerDay: 50 * 1024 * 1024,
  uploadBytesTotal: 500 * 1024 * 1024,
  messagesPerHour: 60,
  rechargeRequestsPerDay: 10,
};

/**
 * The file's test app, made before its tests run and closed after them: what most test files
 * start with. Its fields are there from the file's first `beforeAll` on.
 */
export function useTestApp(...args: Parameters<typeof createTestApp>): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    // Descriptors, not values: `db` is a getter.
    Object.defineProperties(t, Object.getOwnPropertyDescriptors(await createTestApp(...args)));
  });
  afterAll(() => t.close());
  return t;
}

/**
 * As useTestApp, a fresh app and database for each test: for a test that reads the whole
 * association's figures (a balance, what is open), which another test's data would move.
 */
export function useTestAppEach(...args: Parameters<typeof createTestApp>): TestApp {
  const t = {} as TestApp;
  beforeEach(async () => {
    const descriptors = Object.getOwnPropertyDescriptors(await createTestApp(...args));
    for (const descriptor of Object.values(descriptors)) descriptor.configurable = true;
    Object.defineProperties(t, descriptors);
  });
  afterEach(() => t.close());
  return t;
}

/**
 * The real app on a fresh database. Mails are kept in
 * `sentMails` unless `options.mailer` replaces the recording mailer (a real SMTP client, say).
 */
export async function createTestApp(
  config: Partial<typeof TEST_CONFIG> = {},
  options: {
    mailer?: Mailer;
    /**
     * The association's loan rules (membership months, dues, savings multiple, guarantors):
     * 'defaults' keeps those of a new association; left out, they are off, so that the tests
     * of other things lend to a member who joined today with no savings, as before the rules.
     */
    loanRules?: 'defaults';
  } = {},
): Promise<TestApp> {
  const testDb = await freshDatabase();
  if (options.loanRules !== 'defaults') await loanRulesOff(testDb.database.db);
  const storage = databaseStorage;
  const sentMails: OutgoingMail[] = [];
  const recording: Mailer = {
    delivers: true,
    async send(mail) {
      sentMails.push({ to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
  const app = await buildApp(
    { ...TEST_CONFIG, ...config },
    { db: testDb.database.db, storage, mailer: options.mailer ?? recording },
  );
  await app.ready();
  const db = () => testDb.database.db;
  return {
    app,
    get db() {
      return db();
    },
    storage,
    testDb,
    sentMails,
    makeUser: (overrides) => makeUser(db(), overrides),
    login: (email, password) => login(app, email, password),
    fundCash: (fils, at) => fundCash(db(), fils, at),
    expectBooksBalance: () => expectBooksBalance(db()),
    postForm: (url, token, form) => postForm(app, url, token, form),
    async close() {
      await app.close();
      await testDb.destroy();
    },
  };
}

/** No loan rules: any member may borrow the policy's amounts, with no guarantor. */
export async function loanRulesOff(db: Db): Promise<void> {
  await db.update(settings).set({
    minMembershipMonths: 0,
    maxMonthsInArrears: 24,
    savingsMultiple: 0,
    writeOffBarMonths: 0,
  });
}

/**
 * Another app process over the same PostgreSQL database, with a connection pool of its own: what
 * a second server process behind the load balancer is to the database.
 */
export async function anotherProcess(
  t: TestApp,
  config: Partial<typeof TEST_CONFIG> = {},
): Promise<{ app: FastifyInstance; db: Db; close(): Promise<void> }> {
  const database = await openPostgres(t.testDb.url);
  const app = await buildApp(
    { ...TEST_CONFIG, ...config },
    { db: database.db, storage: databaseStorage, mailer: { delivers: true, async send() {} } },
  );
  await app.ready();
  return {
    app,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The rows of a raw query, on PGlite and PostgreSQL alike (their drivers' answers differ in type). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** How many files' bytes the database keeps. */
export async function storedFileCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(fileContents);
  return row?.n ?? 0;
}

/** The pg pool under a PostgreSQL test database (for tests that hold connections). */
export const poolOf = (db: Db) => (db as unknown as { $client: pg.Pool }).$client;

/** Builds a multipart/form-data body for app.inject. */
export function multipart(
  fields: Record<string, string | number | boolean | undefined>,
  files: Record<string, { filename: string; contentType: string; data: Buffer }> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----jamiya${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const [name, f] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A member's loan application through the API (AED 1,000 over 3 months unless changed): its id. */
export async function applyOverHttp(
  app: FastifyInstance,
  token: string,
  fields: Record<string, string> = {},
): Promise<number> {
  const form = multipart({
    loan_amount: '1000',
    duration_month: '3',
    bank_account: 'Botim 1',
    passport_or_nid: 'P1',
    ...fields,
  });
  const res = await postForm(app, '/api/loan-application', token, form);
  if (res.statusCode !== 200) throw new Error(`loan application: ${res.statusCode} ${res.body}`);
  return res.json().loan.id as number;
}

type Form = { payload: Buffer; headers: Record<string, string> };

/** POSTs a multipart form (`multipart`) with the session of `token`. */
export function postForm(app: FastifyInstance, url: string, token: string, form: Form) {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
}

/** A sentence with its amounts' no-break spaces ("AED\u00a050") as plain spaces. */
export const plain = (s: string) => s.replace(/\u00a0/g, ' ');

/** Asserts the error shape of docs/product.md section 2 and returns the body. */
export function expectError(
  res: LightMyRequestResponse,
  status: number,
): { status_code: number; message: string; errors?: Record<string, string[]> } {
  if (res.statusCode !== status)
    throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  const body = res.json();
  if (
    body.status_code !== status ||
    typeof body.message !== 'string' ||
    body.message.length === 0
  ) {
    throw new Error(`not the error shape: ${res.body}`);
  }
  const allowed = new Set(['status_code', 'message', 'errors']);
  for (const key of Object.keys(body))
    if (!allowed.has(key)) throw new Error(`unexpected key ${key} in ${res.body}`);
  return body;
}
