import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { databaseStorage } from '../src/features/files/file-storage.ts';
import {
  bearer,
  fundCash,
  expectError,
  freshDatabase,
  login,
  makeUser,
  TEST_CONFIG,
  useTestApp,
} from './harness.ts';

describe('the app shell', () => {
  const t = useTestApp();
  beforeAll(async () => {
    // Cash for the loans this file pays out (cash never goes below zero).
    await fundCash(t.db, 10_000_000);
  });

  it('answers unknown API paths with a JSON 404 in the error shape', async () => {
    const body = expectError(await t.app.inject({ url: '/api/no-such-thing' }), 404);
    expect(body.message).toContain('/api/no-such-thing');
    expectError(await t.app.inject({ method: 'DELETE', url: '/api/profile' }), 404);
  });

  it('refuses malformed JSON with 400 and an unknown body type with 415', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(expectError(bad, 400).message).toMatch(/not valid JSON/);
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expectError(xml, 415);
  });

  it('sets nosniff and no-store on API answers', async () => {
    const res = await t.app.inject({ url: '/api/settings' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('serves public settings with the loan policy', async () => {
    const res = await t.app.inject({ url: '/api/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      association_name: 'Jamiya',
      currency: 'AED',
      monthly_due: 200,
      loan_policy: {
        minimum: 500,
        maximum: 5000,
        step: 100,
        default: 1000,
        interest_rate_percent: 7,
        charge_called: 'interest',
        terms: [1, 3, 6],
        allow_custom_term: true,
        max_custom_term: 24,
      },
      terms_text: expect.any(String),
      payment_instructions: '',
      texts_in: { payment_instructions: 'en', terms_text: 'en' },
      recharge: { minimum: 10, maximum: 500 },
    });
  });

  it('describes every route in an OpenAPI 3.1 document with its answers', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const expected = [
      'POST /api/login',
      'POST /api/logout',
      'GET /api/profile',
      'POST /api/profile/update',
      'POST /api/profile/language',
      'POST /api/profile/password/update',
      'POST /api/save-monthly-payment',
      'POST /api/loan-application',
      'GET /api/my-account-data',
      'GET /api/my-payments',
      'GET /api/my-loans',
      'POST /api/my-loans/{id}/withdraw',
      'POST /api/my-loans/{id}/repayments',
      'GET /api/files/{id}',
      'GET /api/settings',
      'GET /api/health',
      'POST /api/applications',
      'POST /api/password/forgot',
      'POST /api/password/set',
      'GET /api/my-statement',
      'GET /api/admin/members/{id}/statement',
      'GET /api/notifications',
      'GET /api/notifications/unread-count',
      'POST /api/notifications/{id}/read',
      'POST /api/notifications/read-all',
      'POST /api/notifications/read',
      'GET /api/messages',
      'POST /api/messages',
      'POST /api/messages/read',
      'GET /api/admin/messages',
      'GET /api/admin/messages/{memberId}',
      'POST /api/admin/messages/{memberId}',
      'POST /api/admin/messages/{memberId}/read',
      'GET /api/recharge-requests',
      'POST /api/recharge-requests',
      'GET /api/admin/recharge-requests',
      'POST /api/admin/recharge-requests/{id}/done',
      'POST /api/admin/recharge-requests/{id}/refuse',
      'GET /api/my-bonus',
      'GET /api/admin/bonus/periods',
      'POST /api/admin/bonus/periods',
      'GET /api/admin/bonus/preview',
      'GET /api/admin/overview',
      'GET /api/admin/members',
      'POST /api/admin/members',
      'GET /api/admin/members/{id}',
      'GET /api/admin/members/{id}/statement.csv',
      'POST /api/admin/members/{id}/status',
      'POST /api/admin/members/{id}/password-reset',
      'GET /api/admin/applications',
      'POST /api/admin/applications/{id}/accept',
      'POST /api/admin/applications/{id}/reject',
      'GET /api/admin/settings',
      'PUT /api/admin/settings',
      'GET /api/admin/ledger/trial-balance',
      'GET /api/admin/ledger/entries',
      'GET /api/admin/ledger/entries.csv',
      'GET /api/admin/audit',
      'GET /api/admin/payments',
      'GET /api/admin/payments/{id}',
      'POST /api/admin/payments/{id}/approve',
      'POST /api/admin/payments/{id}/reject',
      'GET /api/admin/loans',
      'GET /api/admin/loans/{id}',
      'POST /api/admin/loans/{id}/approve',
      'POST /api/admin/loans/{id}/reject',
      'POST /api/admin/loans/{id}/disburse',
      'POST /api/admin/loans/{id}/write-off',
      'POST /api/admin/loans/{id}/repayments',
      'GET /api/admin/proposals',
      'POST /api/admin/proposals/{id}/withdraw',
    ];
    const documented = Object.entries(
      doc.paths as Record<
        string,
        Record<string, { responses: Record<string, unknown>; security?: unknown }>
      >,
    ).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    expect(documented.sort()).toEqual(expected.sort());
    for (const [p, ops] of Object.entries(
      doc.paths as Record<
        string,
        Record<string, { responses: Record<string, unknown>; security?: unknown }>
      >,
    )) {
      for (const [method, op] of Object.entries(ops)) {
        expect(
          op.responses['200'] ?? op.responses['201'],
          `${method} ${p} documents its success`,
        ).toBeDefined();
        const isPublic = [
          '/api/login',
          '/api/settings',
          '/api/health',
          '/api/applications',
          '/api/password/forgot',
          '/api/password/set',
        ].includes(p);
        if (!isPublic) expect(op.responses['401'], `${method} ${p} documents 401`).toBeDefined();
      }
    }
    const upload =
      doc.paths['/api/save-monthly-payment'].post.requestBody.content['multipart/form-data'].schema;
    expect(upload.properties.photo).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('serves a readable reference page at /api/docs', async () => {
    const res = await t.app.inject({ url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('keeps every acknowledged write across a restart', async () => {
    const user = await makeUser(t.db);
    const token = await login(t.app, user.email);
    const loan = await t.app.inject({
      method: 'POST',
      url: '/api/loan-application',
      headers: bearer(token),
      payload: {
        loan_amount: 1500,
        duration_month: 3,
        bank_account: 'Botim 0550000000',
        passport_or_nid: 'P123',
        loan_type: 'personal',
      },
    });
    expect(loan.statusCode).toBe(200);
    const db = (await t.testDb.reopen()).db;
    const app = await buildApp(TEST_CONFIG, { db, storage: t.storage });
    try {
      const again = await login(app, user.email);
      const loans = (await app.inject({ url: '/api/my-loans', headers: bearer(again) })).json();
      expect(loans.items.map((l: { id: number }) => l.id)).toEqual([loan.json().loan.id]);
    } finally {
      await app.close();
    }
  });
});

describe('an unexpected failure', () => {
  it('answers 500 without stack, SQL or internal message, and logs it with the request id', async () => {
    const testDb = await freshDatabase();
    const lines: string[] = [];
    const app = await buildApp(
      { ...TEST_CONFIG, logLevel: 'error' },
      { db: testDb.database.db, storage: databaseStorage },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
    app.get('/api/boom', async () => {
      throw new Error('relation "secret_table" does not exist at SELECT * FROM secret_table');
    });
    try {
      const res = await app.inject({ url: '/api/boom' });
      const body = expectError(res, 500);
      expect(res.body).not.toMatch(/secret_table|SELECT|at |stack/);
      expect(body.message).toMatch(/Something went wrong on our side/);
      const reference = /reference ([0-9a-f-]{36})/.exec(body.message)?.[1];
      expect(reference).toBeDefined();
      const logged = lines.join('');
      expect(logged).toContain('secret_table');
      expect(logged).toContain(reference!);
    } finally {
      await app.close();
      await testDb.destroy();
    }
  });
});

describe('the log', () => {
  it('never holds a one-time token, from a page address or a call, at the default level', async () => {
    const testDb = await freshDatabase();
    const lines: string[] = [];
    const app = await buildApp(
      { ...TEST_CONFIG, logLevel: 'info' },
      { db: testDb.database.db, storage: databaseStorage },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
    const token = 'LiveOneTimeToken_abcdefghijklmnopqrstuvwxyz0123';
    try {
      await app.inject({ url: `/set-password?token=${token}` });
      await app.inject({ url: `/set-password?next=1&token=${token}&x=2` });
      await app.inject({ url: `/api/files/00000000-0000-4000-8000-000000000000?token=${token}` });
      const logged = lines.join('');
      // The requests are logged, with their paths, but the token is not.
      expect(logged).toContain('/set-password');
      expect(logged).not.toContain(token);
      expect(logged).toContain('token=[redacted]');
    } finally {
      await app.close();
      await testDb.destroy();
    }
  });
});

describe('a proxy that is not trusted', () => {
  it('is warned about once in the log when requests carry X-Forwarded-For', async () => {
    const testDb = await freshDatabase();
    const lines: string[] = [];
    const app = await buildApp(
      { ...TEST_CONFIG, logLevel: 'warn', trustProxy: false },
      { db: testDb.database.db, storage: databaseStorage },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
    try {
      await app.inject({ url: '/api/health' });
      expect(lines.join('')).not.toContain('X-Forwarded-For');
      for (let i = 0; i < 3; i++)
        await app.inject({ url: '/api/health', headers: { 'x-forwarded-for': '198.51.100.7' } });
      const warnings = lines.filter((l) => l.includes('X-Forwarded-For'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('TRUST_PROXY');
      expect(JSON.parse(warnings[0]!).level).toBe(40);
    } finally {
      await app.close();
      await testDb.destroy();
    }
  });
});
