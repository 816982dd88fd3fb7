import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { databaseStorage } from '../src/features/files/file-storage.ts';
import {
  bearer,
  createTestApp,
  expectError,
  freshDatabase,
  login,
  TEST_CONFIG,
  useTestApp,
} from './harness.ts';

/**
 * Every call of the API with its operationId, `<feature>.<action>`: what clients generated from
 * the document name their functions after, so a change here breaks them (decision 045).
 */
const operationIds: Record<string, string> = {
  'POST /api/login': 'auth.login',
  'POST /api/logout': 'auth.logout',
  'GET /api/profile': 'members.getProfile',
  'POST /api/profile/update': 'members.updateProfile',
  'POST /api/profile/language': 'members.setLanguage',
  'POST /api/profile/payday': 'members.setPayday',
  'POST /api/profile/password/update': 'auth.changePassword',
  'POST /api/save-monthly-payment': 'payments.submitMonthlyPayment',
  'POST /api/loan-application': 'borrowing.apply',
  'GET /api/my-loans/eligibility': 'borrowing.eligibility',
  'GET /api/guarantees': 'loans.myGuarantees',
  'POST /api/guarantees/{id}/accept': 'loans.acceptGuarantee',
  'POST /api/guarantees/{id}/decline': 'loans.declineGuarantee',
  'PUT /api/guarantees/findable': 'loans.setFindable',
  'GET /api/guarantors': 'loans.findableGuarantors',
  'GET /api/my-account-data': 'members.getMyAccountData',
  'GET /api/my-payments': 'payments.listMine',
  'GET /api/my-loans': 'loans.listMine',
  'POST /api/my-loans/{id}/withdraw': 'loans.withdraw',
  'POST /api/my-loans/{id}/repayments': 'payments.submitLoanRepayment',
  'GET /api/files/{id}': 'files.get',
  'GET /api/settings': 'system.getPublicSettings',
  'GET /api/health': 'system.checkHealth',
  'POST /api/applications': 'membership.apply',
  'POST /api/password/forgot': 'auth.forgotPassword',
  'POST /api/password/set': 'auth.setPassword',
  'GET /api/my-statement': 'statement.getMine',
  'GET /api/admin/members/{id}/statement': 'statement.get',
  'GET /api/notifications': 'notifications.list',
  'GET /api/notifications/unread-count': 'notifications.countUnread',
  'POST /api/notifications/{id}/read': 'notifications.markRead',
  'POST /api/notifications/read-all': 'notifications.markAllRead',
  'POST /api/passkeys/registration/options': 'passkeys.registrationOptions',
  'POST /api/passkeys/registration': 'passkeys.register',
  'POST /api/passkeys/authentication/options': 'passkeys.authenticationOptions',
  'POST /api/passkeys/authentication': 'passkeys.signIn',
  'GET /api/passkeys': 'passkeys.list',
  'DELETE /api/passkeys/{id}': 'passkeys.remove',
  'POST /api/notifications/read': 'notifications.markShownRead',
  'GET /api/messages': 'messages.listMine',
  'POST /api/messages': 'messages.send',
  'POST /api/messages/read': 'messages.markRead',
  'GET /api/admin/messages': 'messages.listConversations',
  'GET /api/admin/messages/{memberId}': 'messages.getConversation',
  'POST /api/admin/messages/{memberId}': 'messages.answer',
  'POST /api/admin/messages/{memberId}/read': 'messages.markMemberRead',
  'GET /api/recharge-requests': 'recharge.listMine',
  'POST /api/recharge-requests': 'recharge.request',
  'GET /api/admin/recharge-requests': 'recharge.list',
  'POST /api/admin/recharge-requests/{id}/done': 'recharge.markDone',
  'POST /api/admin/recharge-requests/{id}/refuse': 'recharge.refuse',
  'GET /api/my-bonus': 'bonus.getMine',
  'GET /api/my-bonus/explained': 'bonus.explainMine',
  'GET /api/annual-report': 'year.memberReport',
  'GET /api/admin/bonus/periods': 'bonus.listPeriods',
  'POST /api/admin/bonus/periods': 'bonus.closePeriod',
  'GET /api/admin/bonus/preview': 'bonus.preview',
  'GET /api/admin/overview': 'overview.get',
  'GET /api/admin/members': 'members.list',
  'POST /api/admin/members': 'members.create',
  'GET /api/admin/members/{id}': 'members.get',
  'GET /api/admin/members/{id}/statement.csv': 'members.getStatementCsv',
  'POST /api/admin/members/{id}/status': 'members.setStatus',
  'POST /api/admin/members/{id}/password-reset': 'members.issuePasswordLink',
  'GET /api/admin/members/{id}/password-link': 'members.getHandOver',
  'GET /api/admin/applications': 'membership.listApplications',
  'POST /api/admin/applications/{id}/accept': 'membership.acceptApplication',
  'POST /api/admin/applications/{id}/reject': 'membership.rejectApplication',
  'GET /api/admin/settings': 'settings.get',
  'PUT /api/admin/settings': 'settings.update',
  'GET /api/admin/ledger/trial-balance': 'ledger.getTrialBalance',
  'GET /api/admin/ledger/trial-balance.csv': 'ledger.exportTrialBalanceCsv',
  'GET /api/admin/ledger/trial-balance.pdf': 'ledger.getTrialBalancePdf',
  'GET /api/admin/ledger/income-statement': 'ledger.getIncomeStatement',
  'GET /api/admin/ledger/income-statement.csv': 'ledger.exportIncomeStatementCsv',
  'GET /api/admin/ledger/income-statement.pdf': 'ledger.getIncomeStatementPdf',
  'GET /api/admin/ledger/entries': 'ledger.listEntries',
  'GET /api/admin/ledger/entries.csv': 'ledger.exportEntriesCsv',
  'GET /api/admin/ledger/entries.pdf': 'ledger.getEntriesPdf',
  'GET /api/admin/audit': 'ledger.listAuditEvents',
  'GET /api/admin/payments': 'payments.list',
  'GET /api/admin/members/{id}/fines': 'payments.finesOfMember',
  'GET /api/admin/arrears': 'arrears.get',
  'GET /api/my-exit': 'exits.getMine',
  'POST /api/my-exit': 'exits.request',
  'POST /api/my-exit/withdraw': 'exits.withdraw',
  'GET /api/my-exit/clearance-letter': 'exits.getClearanceLetter',
  'GET /api/admin/exits': 'exits.list',
  'POST /api/admin/members/{id}/exit': 'exits.endMembership',
  'POST /api/admin/exits/{id}/payout': 'exits.payOut',
  'GET /api/admin/exits/{id}/clearance-letter': 'exits.getClearanceLetterOf',
  'GET /api/admin/periods': 'year.months',
  'POST /api/admin/periods/{month}/lock': 'year.lockMonth',
  'GET /api/admin/years': 'year.years',
  'POST /api/admin/years/{year}/arrears-review': 'year.reviewArrears',
  'POST /api/admin/years/{year}/close': 'year.close',
  'POST /api/admin/years/{year}/reopen': 'year.reopen',
  'GET /api/admin/years/{year}/pack': 'year.pack',
  'GET /api/admin/years/{year}/report': 'year.report',
  'POST /api/admin/members/{id}/fines/{period}/waive': 'payments.waiveFine',
  'POST /api/my-dues/{period}/salary-late': 'payments.flagSalaryLate',
  'GET /api/admin/payments/{id}': 'payments.get',
  'POST /api/admin/payments/{id}/approve': 'payments.approve',
  'POST /api/admin/payments/{id}/reject': 'payments.reject',
  'GET /api/admin/loans': 'loans.list',
  'GET /api/admin/loans/{id}': 'loans.get',
  'POST /api/admin/loans/{id}/approve': 'loans.approve',
  'POST /api/admin/loans/{id}/reject': 'loans.reject',
  'POST /api/admin/loans/{id}/disburse': 'loans.disburse',
  'POST /api/admin/loans/{id}/write-off': 'loans.writeOff',
  'POST /api/admin/loans/{id}/repayments': 'loans.recordCashRepayment',
  'GET /api/admin/proposals': 'proposals.list',
  'POST /api/admin/proposals/{id}/withdraw': 'proposals.withdraw',
  'GET /api/admin/imports/template': 'imports.getTemplate',
  'POST /api/admin/imports': 'imports.create',
  'POST /api/admin/imports/{id}/confirm': 'imports.confirm',
  'GET /api/admin/imports/{id}/invitations': 'imports.invitations',
  'GET /api/admin/imports': 'imports.list',
  'POST /api/admin/bank-statements/columns': 'bank.readCsvColumns',
  'POST /api/admin/bank-statements': 'bank.importStatement',
  'GET /api/admin/bank-statements': 'bank.listStatements',
  'GET /api/admin/bank-statements/unseen': 'bank.unseenPayments',
  'GET /api/admin/bank-statements/{id}': 'bank.getStatement',
  'POST /api/admin/bank-statements/{id}/approve': 'bank.approveMatches',
  'POST /api/admin/bank-lines/{id}/assign': 'bank.assignLine',
  'POST /api/admin/bank-lines/{id}/book': 'bank.bookLine',
  'GET /api/admin/bank-lines/{id}/link-candidates': 'bank.linkCandidates',
  'POST /api/admin/bank-lines/{id}/link': 'bank.linkLine',
  'POST /api/admin/bank-lines/{id}/unlink': 'bank.unlinkLine',
  'DELETE /api/admin/bank-statements/{id}': 'bank.deleteStatement',
  'GET /api/admin/accounts': 'ledger.listAccounts',
  'POST /api/admin/accounts': 'ledger.createAccount',
  'POST /api/admin/accounts/{code}': 'ledger.updateAccount',
  'DELETE /api/admin/accounts/{code}': 'ledger.deleteAccount',
  'POST /api/admin/journal-entries': 'ledger.postHandEntry',
  'POST /api/admin/journal-entries/{id}/reverse': 'ledger.reverseEntry',
  'GET /api/admin/reconciliation': 'bank.reconciliation',
};

describe('the app shell', () => {
  const t = useTestApp();
  beforeAll(async () => {
    // Cash for the loans this file pays out (cash never goes below zero).
    await t.fundCash(10_000_000);
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
      // Off, as the harness sets them (a new association's are in borrowing/eligibility.test.ts).
      loan_rules: {
        min_membership_months: 0,
        max_months_in_arrears: 24,
        savings_multiple: 0,
        guarantor_alert_days: 30,
        write_off_bar_months: 0,
      },
      dues_rules: {
        due_day: 1,
        reminder_days_before: 3,
        grace_days: 15,
        fine_amount: 10,
        fine_percent: null,
      },
      exit_rules: { share_out_at_exit: false },
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
    const documented = Object.entries(
      doc.paths as Record<
        string,
        Record<string, { responses: Record<string, unknown>; security?: unknown }>
      >,
    ).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    expect(documented.sort()).toEqual(Object.keys(operationIds).sort());
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
          '/api/passkeys/authentication/options',
        ].includes(p);
        if (!isPublic) expect(op.responses['401'], `${method} ${p} documents 401`).toBeDefined();
      }
    }
    const upload =
      doc.paths['/api/save-monthly-payment'].post.requestBody.content['multipart/form-data'].schema;
    expect(upload.properties.photo).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('names, tags and describes every operation for the clients generated from it', async () => {
    type Operation = { operationId?: string; tags?: string[]; description?: string };
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      tags: Array<{ name: string; description?: string }>;
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: Record<string, unknown> };
    };
    const declared = new Map(doc.tags.map((tag) => [tag.name, tag.description]));
    expect(declared.size, 'tags declared once each').toBe(doc.tags.length);
    const ids: string[] = [];
    const usedTags = new Set<string>();
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const call = `${method.toUpperCase()} ${p}`;
        expect(op.operationId, `${call}: its operationId`).toBe(operationIds[call]);
        expect(op.tags, `${call}: one tag, declared`).toHaveLength(1);
        const [tag] = op.tags!;
        expect(declared.has(tag!), `${call}: tag ${tag} is declared`).toBe(true);
        expect(op.operationId, `${call}: <feature>.<action>`).toMatch(/^[a-z]+\.[a-z][A-Za-z]*$/);
        expect(op.operationId!.split('.')[0], `${call}: the feature is its tag`).toBe(tag);
        expect(op.description?.trim(), `${call}: a description`).toBeTruthy();
        ids.push(op.operationId!);
        usedTags.add(tag!);
      }
    }
    expect(new Set(ids).size, 'operationIds are unique').toBe(ids.length);
    for (const [name, description] of declared) {
      expect(usedTags.has(name), `tag ${name} tags an operation`).toBe(true);
      expect(description, `tag ${name} is described`).toBeTruthy();
    }
    // Every schema of the document is used by an operation, directly or through another schema.
    const text = JSON.stringify(doc);
    for (const name of Object.keys(doc.components.schemas))
      expect(text, `schema ${name} is used`).toContain(`"#/components/schemas/${name}"`);
  });

  it('serves a readable reference page at /api/docs', async () => {
    const res = await t.app.inject({ url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('keeps every acknowledged write across a restart', async () => {
    // An app and database of its own: the restart closes the database under the file's app,
    // which the other tests of the file go on using.
    const own = await createTestApp();
    try {
      const user = await own.makeUser();
      const token = await own.login(user.email);
      const loan = await own.app.inject({
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
      const db = (await own.testDb.reopen()).db;
      const app = await buildApp(TEST_CONFIG, { db, storage: own.storage });
      try {
        const again = await login(app, user.email);
        const loans = (await app.inject({ url: '/api/my-loans', headers: bearer(again) })).json();
        expect(loans.items.map((l: { id: number }) => l.id)).toEqual([loan.json().loan.id]);
      } finally {
        await app.close();
      }
    } finally {
      await own.close();
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
