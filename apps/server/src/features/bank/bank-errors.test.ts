import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { bankCsv, camt053, mt940, type BankEntry } from '../../../test/support/bank-files.ts';
import {
  bearer,
  createTestApp,
  expectError,
  multipart,
  postForm,
  useTestApp,
  type TestApp,
} from '../../../test/harness.ts';
import { bankLines, bankStatements } from '../../db/schema/bank.ts';
import { localDate, periodOf } from '../../lib/calendar.ts';
import { readStatementInPool } from './read-pool.ts';

// Issue 37, bad input: every error answer of the bank's routes, in the error shape of
// docs/product.md section 2, and never a half import. Hostile values in every field and every
// caller on every route are in test/fuzz.test.ts and test/access-matrix.test.ts, which walk
// the OpenAPI document: the first test checks that these routes are in it.

// Many files are sent here: the treasurer's hourly upload limit is not what is tested.
// A statement is not a photo: the 413 says what to do with one.
const TOO_LARGE =
  'The file is larger than 10 MB. Export the statement for a shorter period, a month for example.';

const CONFIG = { uploadsPerHour: 100_000 };
const t = useTestApp(CONFIG);
const today = localDate(new Date());
const period = periodOf(today);
let admin = '';
let memberId = 0;
let adminId = 0;

const ROUTES = [
  ['post', '/api/admin/bank-statements/columns'],
  ['post', '/api/admin/bank-statements'],
  ['get', '/api/admin/bank-statements'],
  ['get', '/api/admin/bank-statements/unseen'],
  ['get', '/api/admin/bank-statements/{id}'],
  ['post', '/api/admin/bank-statements/{id}/approve'],
  ['post', '/api/admin/bank-lines/{id}/assign'],
  ['get', '/api/admin/reconciliation'],
] as const;

// Each on the file's app unless `on` names another.
const send = (options: InjectOptions, token: string | null = admin, on: TestApp = t) =>
  on.app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });
const get = (url: string, token: string | null = admin) => send({ url }, token);
const post = (url: string, payload: object, token: string | null = admin) =>
  send({ method: 'POST', url, payload }, token);
const upload = (
  url: string,
  file: Buffer | null,
  fields: Record<string, string> = {},
  token = admin,
  on: TestApp = t,
) =>
  postForm(
    on.app,
    url,
    token,
    multipart(
      fields,
      file ? { file: { filename: 'statement', contentType: 'text/plain', data: file } } : {},
    ),
  );
const importing = (file: Buffer | null, fields: Record<string, string> = {}) =>
  upload('/api/admin/bank-statements', file, fields);
const kept = async (on: TestApp = t) => ({
  statements: await on.db.$count(bankStatements),
  lines: await on.db.$count(bankLines),
});

const entry = (ref: string, amountFils: number, text = 'Cash deposit'): BankEntry => ({
  day: today,
  amountFils,
  ref,
  text,
});
const bytes = (text: string) => Buffer.from(text);

let statementId = 0;
let lineIds: Record<string, number> = {};

/**
 * The treasurer and a member, signed in, and one statement of two lines on `on`: money in
 * (IN-1) and bank charges (OUT-1), neither matched yet.
 */
async function oneStatement(on: TestApp) {
  const treasurer = await on.makeUser({ role: 'admin' });
  const adminToken = await on.login(treasurer.email);
  const m = await on.makeUser({ joinedOn: `${period}-01` });
  await on.fundCash(100_000);
  const res = await upload(
    '/api/admin/bank-statements',
    camt053(0, [entry('IN-1', 15_000), entry('OUT-1', -5_000, 'Bank charges')]),
    {},
    adminToken,
    on,
  );
  expect(res.statusCode, res.body).toBe(201);
  const id: number = res.json().statement.id;
  const detail = (await send({ url: `/api/admin/bank-statements/${id}` }, adminToken, on)).json();
  const lines: Record<string, number> = {};
  for (const line of detail.unmatched_lines) lines[line.bank_ref] = line.id;
  return {
    adminId: treasurer.id,
    admin: adminToken,
    memberId: m.id,
    member: await on.login(m.email),
    statementId: id,
    lineIds: lines,
  };
}

beforeAll(async () => {
  ({ adminId, admin, memberId, statementId, lineIds } = await oneStatement(t));
});

describe('the routes of the bank', () => {
  it('are in the OpenAPI document, secured: the fuzzing and the access matrix walk them', async () => {
    const doc = (await get('/api/openapi.json', null)).json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    for (const [method, path] of ROUTES)
      expect(doc.paths[path]?.[method]?.security?.length, `${method} ${path}`).toBeGreaterThan(0);
  });

  it('answer 401 without a session and 403 to a member, whatever is sent', async () => {
    // It counts every statement kept: a database of its own, with the one statement only.
    const own = await createTestApp(CONFIG);
    try {
      const mine = await oneStatement(own);
      for (const [method, path] of ROUTES) {
        const url = path.replace('{id}', String(mine.statementId));
        const options: InjectOptions = { method: method === 'get' ? 'GET' : 'POST', url };
        if (method === 'post') options.payload = {};
        expectError(await send(options, null, own), 401);
        expectError(await send(options, mine.member, own), 403);
      }
      // A member's file is not read either.
      expectError(
        await upload('/api/admin/bank-statements', bankCsv(0, []), {}, mine.member, own),
        403,
      );
      expect(await kept(own)).toEqual({ statements: 1, lines: 2 });
    } finally {
      await own.close();
    }
  });
});

describe('POST /api/admin/bank-statements/columns', () => {
  it('refuses a form without a file, a file that is not a CSV and one over 10 MB', async () => {
    const url = '/api/admin/bank-statements/columns';
    expect(expectError(await upload(url, null, { bank: 'ENBD' }), 422).errors).toEqual({
      file: ['Choose the bank statement to import.'],
    });
    const camt = expectError(await upload(url, camt053(0, [entry('X', 100)])), 422);
    expect(camt.errors).toEqual({
      file: ['Only a CSV file has columns to choose, and this file is not one.'],
    });
    const pdf = expectError(await upload(url, bytes('%PDF-1.7\n1 0 obj')), 422);
    expect(pdf.message).toBe(
      'The file is not a bank statement Jamiya can read: send a CSV, a camt.053 or an MT940 file.',
    );
    expect(
      expectError(await upload(url, Buffer.alloc(10 * 1024 * 1024 + 1, 'a')), 413).message,
    ).toBe(TOO_LARGE);
    const cut = await send({
      method: 'POST',
      url,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\na,b',
    });
    expectError(cut, 400);
  });
});

describe('POST /api/admin/bank-statements', () => {
  const refusals: Array<[string, Buffer | null, Record<string, string>, string | RegExp]> = [
    ['no file', null, { bank: 'ENBD' }, 'Please check the highlighted fields.'],
    [
      'a PDF',
      bytes('%PDF-1.7\n1 0 obj'),
      {},
      'The file is not a bank statement Jamiya can read: send a CSV, a camt.053 or an MT940 file.',
    ],
    [
      'a camt.053 with a DOCTYPE',
      Buffer.from(
        camt053(0, [entry('D-1', 100)])
          .toString()
          .replace('<Document', '<!DOCTYPE Document SYSTEM "file:///etc/passwd"><Document'),
      ),
      {},
      /declares a DOCTYPE or entities/,
    ],
    [
      'a camt.053 with an entity',
      Buffer.from(
        camt053(0, [entry('E-1', 100, '&x;')])
          .toString()
          .replace('&amp;x;', '&x;')
          .replace('<Document', '<!DOCTYPE Document [<!ENTITY x "ha">]><Document'),
      ),
      {},
      /declares a DOCTYPE or entities/,
    ],
    [
      'a camt.053 nested deeper than any statement is',
      Buffer.from(
        camt053(0, [entry('N-1', 100)])
          .toString()
          .replace('</Ntry>', `${'<a>'.repeat(20_000)}${'</a>'.repeat(20_000)}</Ntry>`),
      ),
      {},
      'The camt.053 file could not be read as a statement: export it again from the bank.',
    ],
    [
      'a camt.053 with an element named __proto__',
      Buffer.from(
        camt053(0, [entry('P-1', 100)])
          .toString()
          .replace('</Ntry>', '<__proto__><polluted>yes</polluted></__proto__></Ntry>'),
      ),
      {},
      'The camt.053 file could not be read as a statement: export it again from the bank.',
    ],
    [
      'a camt.053 in dollars',
      camt053(0, [entry('U-1', 100)], { currency: 'USD' }),
      {},
      'This statement is in USD, and the fund keeps its books in AED: send the statement of its AED account.',
    ],
    [
      'an MT940 with a broken :61:',
      Buffer.from(
        mt940(0, [entry('M-1', 100)])
          .toString()
          .replace(/:61:\d+/, ':61:26XX'),
      ),
      {},
      /^The MT940 file is broken near line \d+/,
    ],
    [
      'an MT940 in euros',
      mt940(0, [entry('M-2', 100)], { currency: 'EUR' }),
      {},
      'This statement is in EUR, and the fund keeps its books in AED: send the statement of its AED account.',
    ],
    [
      'a CSV of a bank whose columns are not known',
      bankCsv(0, [entry('C-1', 100)]),
      { bank: 'Mashreq' },
      'Choose which column holds the date, the amount and the text: this bank’s columns are not known yet.',
    ],
    [
      'a CSV whose column choices are not JSON',
      bankCsv(0, [entry('C-2', 100)]),
      { mapping: '{"date":' },
      'Please check the highlighted fields.',
    ],
    [
      'a CSV whose choices leave no amount',
      bankCsv(0, [entry('C-3', 100)]),
      { mapping: JSON.stringify({ date: 'Date', description: 'Description' }) },
      'Please check the highlighted fields.',
    ],
    [
      'a CSV whose dates could be either day or month first',
      bytes('Date,Text,Amount\n05/01/2026,a,5.00\n06/01/2026,b,6.00\n'),
      { mapping: JSON.stringify({ date: 'Date', description: 'Text', amount: 'Amount' }) },
      /day or the month/,
    ],
    [
      'a CSV with a wrong amount',
      bytes('Date,Text,Amount\n2026-01-05,a,5.005\n2026-01-06,b,(6.00\n'),
      { mapping: JSON.stringify({ date: 'Date', description: 'Text', amount: 'Amount' }) },
      'Nothing was imported: 2 problems need correcting first.',
    ],
  ];

  it('refuses each bad file with 422 and a sentence that says what is wrong, keeping nothing', async () => {
    const before = await kept();
    for (const [what, file, fields, message] of refusals) {
      const body = expectError(await importing(file, fields), 422);
      if (typeof message === 'string') expect(body.message, what).toBe(message);
      else expect(body.message, what).toMatch(message);
      expect(Object.keys(body.errors ?? {}).length, what).toBeGreaterThan(0);
    }
    expect(await kept()).toEqual(before);
  });

  it('names the field or the line of each problem', async () => {
    const mapping = JSON.stringify({ date: 'Date', description: 'Text', amount: 'Amount' });
    const wrong = expectError(
      await importing(bytes('Date,Text,Amount\n2026-01-05,a,5.005\n2026-01-06,b,(6.00\n'), {
        mapping,
      }),
      422,
    );
    expect(Object.keys(wrong.errors!)).toEqual(['line 2: Amount', 'line 3: Amount']);
    const noAmount = expectError(
      await importing(bankCsv(0, [entry('C-4', 100)]), {
        mapping: JSON.stringify({ date: 'Date' }),
      }),
      422,
    );
    expect(noAmount.errors).toEqual({
      'mapping.amount': ['Choose the column with the amount, or the credit and debit columns.'],
    });
  });

  it('refuses the same file twice (409), a file over 10 MB and two files (413), a cut form (400)', async () => {
    const file = camt053(0, [entry('T-1', 700)]);
    const first = await importing(file);
    expect(first.statusCode, first.body).toBe(201);
    const before = await kept();
    expectError(await importing(file), 409);
    expect(expectError(await importing(Buffer.alloc(10 * 1024 * 1024 + 1, 'a')), 413).message).toBe(
      TOO_LARGE,
    );
    const two = await postForm(
      t.app,
      '/api/admin/bank-statements',
      admin,
      multipart(
        {},
        {
          file: { filename: 'a.xml', contentType: 'text/xml', data: camt053(0, [entry('T-2', 1)]) },
          other: {
            filename: 'b.xml',
            contentType: 'text/xml',
            data: camt053(0, [entry('T-3', 1)]),
          },
        },
      ),
    );
    expectError(two, 413);
    const cut = await send({
      method: 'POST',
      url: '/api/admin/bank-statements',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\na,b',
    });
    expectError(cut, 400);
    expect(await kept()).toEqual(before);
  });

  it('answers too much work (the route: 413) when reading passes its time limit', async () => {
    // A statement that takes 20 s to read is not made in a test: the pool's limit, made short.
    const rows = Array.from({ length: 20_000 }, (_, i) => `2026-01-05,Line ${i},1.00`);
    const big = bytes(['Date,Text,Amount', ...rows].join('\n'));
    const read = await readStatementInPool(
      big,
      { date: 'Date', description: 'Text', amount: 'Amount' },
      1,
    );
    expect(read).toEqual({ ok: false, tooMuchWork: true });
  });
});

describe('whatever a file holds', () => {
  const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
  const hostile = fc.oneof(
    fc.constantFrom(
      "' OR '1'='1",
      '<script>alert(1)</script>',
      '\u202egnp.exe',
      'مرحبا',
      '١٬٠٠٠٫٥٠',
      '(1,000.00)',
      '1.000,00-',
      '1e308',
      'NaN',
      '\ud800',
      'a\u0007b',
      '"',
      '',
      'A'.repeat(2_000),
    ),
    fc.string({ unit: 'binary', maxLength: 30 }),
  );
  const answered = async (data: Buffer, fields: Record<string, string> = {}) => {
    const res = await importing(data, fields);
    expect([201, 409, 422], `${res.statusCode} ${res.body.slice(0, 300)}`).toContain(
      res.statusCode,
    );
    if (res.statusCode !== 201) expectError(res, res.statusCode);
  };

  it('keeps a reference the MT940 reader cuts inside a character, and its line once', async () => {
    // mt940js keeps 16 UTF-16 units of a reference: here, half of the last character.
    const ref = `x${'𧦘𕊋򘙹񼆡𽳥򴨍񌑇򡕀'}`;
    const first = await importing(mt940(0, [entry(ref, 5_000)]));
    expect(first.statusCode, first.body).toBe(201);
    const lines = (await get(`/api/admin/bank-statements/${first.json().statement.id}`)).json()
      .unmatched_lines;
    expect(lines.map((l: { bank_ref: string }) => l.bank_ref)).toEqual([
      `${Array.from(ref).slice(0, 8).join('')}\ufffd`,
    ]);
    // The same line in another export: known by its reference as kept.
    const again = await importing(mt940(0, [entry(ref, 5_000, 'Deposit')]));
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().statement).toMatchObject({ lines: 1, new_lines: 0, duplicate_lines: 1 });
  });

  it('answers bytes of any kind with 201, 409 or 422, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 2_000 }),
          fc
            .constantFrom('<?xml', ':20:', 'Date,Amount\n', '\ufeffDate;Amount\n')
            .chain((start) =>
              fc.uint8Array({ maxLength: 500 }).map((rest) => Buffer.concat([bytes(start), rest])),
            ),
        ),
        async (data) => answered(Buffer.from(data)),
      ),
      { numRuns: RUNS },
    );
  });

  it('answers a CSV of hostile cells and column choices, never a 500', async () => {
    const columns = ['Date', 'Text', 'Amount', 'Balance'];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(hostile, { minLength: 4, maxLength: 4 }), { minLength: 1, maxLength: 4 }),
        fc.record(
          {
            date: fc.constantFrom(...columns),
            amount: fc.oneof(fc.constantFrom(...columns), hostile),
            description: fc.constantFrom(...columns),
            balance: fc.oneof(fc.constantFrom(...columns), hostile),
            date_order: fc.constantFrom('dmy', 'mdy', 'ymd'),
            decimal: fc.constantFrom('.', ','),
          },
          { requiredKeys: ['date'] },
        ),
        async (rows, mapping) => {
          const csv = [
            columns,
            ...rows.map((r) => [`2026-01-0${rows.indexOf(r) + 1}`, ...r.slice(1)]),
          ]
            .map((r) => r.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(','))
            .join('\n');
          await answered(bytes(csv), { mapping: JSON.stringify(mapping), bank: 'Fuzz Bank' });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('answers a camt.053 and an MT940 with hostile texts and references, never a 500', async () => {
    const hostileEntry = fc.record({
      day: fc.constantFrom(today, '2026-02-29', '2026-01-05'),
      amountFils: fc.integer({ min: -10_000_000, max: 10_000_000 }),
      ref: hostile,
      text: hostile,
      party: hostile,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(hostileEntry, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(camt053, mt940),
        async (entries, write) => answered(write(0, entries)),
      ),
      { numRuns: RUNS },
    );
  });
});

describe('the other routes', () => {
  it('GET /api/admin/bank-statements refuses a wrong page (400)', async () => {
    for (const query of ['limit=0', 'limit=abc', 'limit=100000', 'cursor=abc', 'cursor=-1'])
      expectError(await get(`/api/admin/bank-statements?${query}`), 400);
  });

  it('GET /api/admin/bank-statements/:id: 400 for a wrong id, 404 for none', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999'])
      expectError(await get(`/api/admin/bank-statements/${id}`), 400);
    const none = expectError(await get('/api/admin/bank-statements/999999'), 404);
    expect(none.message).toBe('There is no such bank statement.');
  });

  it('POST /api/admin/bank-statements/:id/approve: 400, 404, and 422 for a wrong body', async () => {
    const url = `/api/admin/bank-statements/${statementId}/approve`;
    expectError(await post('/api/admin/bank-statements/abc/approve', {}), 400);
    expect(
      expectError(await post('/api/admin/bank-statements/999999/approve', {}), 404).message,
    ).toBe('There is no such bank statement.');
    for (const body of [{ lines: 'all' }, { lines: [0] }, { lines: ['x'] }, { lines: [1.5] }])
      expect(Object.keys(expectError(await post(url, body), 422).errors!)[0]).toMatch(/^lines/);
    expectError(await send({ method: 'POST', url }), 422);
    // Lines that match nothing are refused one by one, not as an error.
    const res = await post(url, { lines: [lineIds['OUT-1']!, 999_999] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refused.map((r: { line_id: number }) => r.line_id)).toEqual([
      lineIds['OUT-1'],
      999_999,
    ]);
  });

  it('POST /api/admin/bank-lines/:id/assign: 400, 403, 404, 409 and 422 as each applies', async () => {
    const assign = (id: number | string, body: object) =>
      post(`/api/admin/bank-lines/${id}/assign`, body);
    const credit = lineIds['IN-1']!;
    const body = { member_id: memberId, period };
    expectError(await assign('abc', body), 400);
    expect(expectError(await assign(999_999, body), 404).message).toBe(
      'There is no such bank line.',
    );
    expectError(await assign(credit, { member_id: 999_999, period }), 404);
    expect(
      expectError(await assign(credit, { member_id: memberId, loan_id: 999_999 }), 404),
    ).toMatchObject({ message: 'There is no such loan.' });
    const wrongBodies: Array<[object, string]> = [
      [{ member_id: memberId }, 'period'],
      [{ member_id: memberId, period, loan_id: 1 }, 'period'],
      [{ member_id: memberId, period: '2026-13' }, 'period'],
      [{ period }, 'member_id'],
    ];
    for (const [wrong, field] of wrongBodies)
      expect(expectError(await assign(credit, wrong), 422).errors).toHaveProperty(field);
    expect(expectError(await assign(lineIds['OUT-1']!, body), 422).message).toBe(
      'Only money the bank received can be assigned to a member.',
    );
    // Not to oneself: an admin never approves their own payment.
    expect(expectError(await assign(credit, { member_id: adminId, period }), 403).message).toBe(
      'You cannot decide on your own payment; another admin must review it.',
    );
    // Checked as the member's own payment would be: a month before they joined.
    expect(
      expectError(await assign(credit, { member_id: memberId, period: '2020-01' }), 422).errors,
    ).toHaveProperty('month');
    const done = await assign(credit, body);
    expect(done.statusCode, done.body).toBe(201);
    expect(expectError(await assign(credit, body), 409).message).toBe(
      'This bank line is already linked to a payment.',
    );
  });

  it('GET /api/admin/reconciliation refuses a day that is not one (400)', async () => {
    for (const asOf of ['26-11-2026', '2026-02-30', 'today', '2026-1-5'])
      expectError(await get(`/api/admin/reconciliation?as_of=${asOf}`), 400);
  });

  it('GET /api/admin/reconciliation refuses to list fewer than 1 or more than 10,000 (400)', async () => {
    for (const limit of ['0', '10001', 'ten', '1.5']) {
      const refused = await send({
        url: `/api/admin/reconciliation?limit=${limit}`,
        headers: { 'accept-language': 'ar' },
      });
      expect(expectError(refused, 400).errors).toEqual({
        limit: ['اطلب من 1 إلى 10,000 سطر في كل مرة.'],
      });
    }
  });
});
