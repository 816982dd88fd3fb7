// Every request schema of the OpenAPI document, fuzzed with hostile values (ASVS V5): each
// request is built to be invalid (one field of a wrong type, out of range, too long or
// missing), the other fields carry hostile values, and the answer must be a 4xx of the error
// shape with no row written. FUZZ_RUNS=500 runs the long version.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankLines, bankStatements } from '../src/db/schema/bank.ts';
import { files } from '../src/db/schema/files.ts';
import { journalEntries } from '../src/db/schema/ledger.ts';
import { loans } from '../src/db/schema/loans.ts';
import { messages } from '../src/db/schema/messages.ts';
import { rechargeRequests } from '../src/db/schema/recharge.ts';
import { payments } from '../src/db/schema/payments.ts';
import { membershipApplications } from '../src/db/schema/membership.ts';
import { users } from '../src/db/schema/users.ts';
import { bearer, createTestApp, expectError, multipart, type TestApp } from './harness.ts';
import { signedInAdmin, signedInMember } from './signed-in.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
// The long version sends thousands of requests per test.
const TIMEOUT = Math.max(30_000, RUNS * 3_000);

type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};
type Operation = {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
type OpenApi = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};
type Route = { method: string; path: string; op: Operation };

const LONG = 'A'.repeat(10_000);
const HOSTILE_STRINGS = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  "' UNION SELECT password_hash FROM users --",
  '1) OR pg_sleep(5)--',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  '#{7*7}',
  '<%= 7*7 %>',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\u0007\u001b[31m\u007f',
  'line\r\nSet-Cookie: x=1',
  '\u202egnp.exe',
  'zero\u200bwidth\u200d\ufeff',
  'مرحبا بالعالم',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 👨‍👩‍👧‍👦',
  '\ud800',
  LONG,
  '',
  '   ',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '-1',
  '0x1F',
  '١٠٠',
  '__proto__',
  'constructor',
];
const HOSTILE_NUMBERS = [
  -1,
  -0.01,
  0,
  0.001,
  10.005,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 63,
  1.7976931348623157e308,
];
// The strings most likely to break a database or a parser, sent one field at a time.
const SHARP_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m\u007f',
  '\ud800',
  "' OR '1'='1",
  '\u202egnp.exe',
  LONG,
  '__proto__',
];
const pollutingObject = () =>
  JSON.parse('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":1}}}');

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);
const hostileNumber = fc.oneof(fc.constantFrom(...HOSTILE_NUMBERS), fc.double({ noNaN: true }));
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom(true, false, null, [], ['1', 2], {}),
  fc.constant(null).map(pollutingObject),
  fc.array(hostileString, { maxLength: 3 }),
);

function resolve(doc: OpenApi, schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').pop() ?? '';
  return doc.components?.schemas?.[name] ?? {};
}

/** The JSON types a schema admits, or null when it admits anything. */
function jsonTypes(doc: OpenApi, raw: JsonSchema): Set<string> | null {
  const s = resolve(doc, raw);
  if (s.anyOf || s.oneOf) {
    const all = new Set<string>();
    for (const part of s.anyOf ?? s.oneOf ?? []) {
      const types = jsonTypes(doc, part);
      if (!types) return null;
      types.forEach((t) => all.add(t));
    }
    return all;
  }
  if (s.type) {
    const types = new Set(Array.isArray(s.type) ? s.type : [s.type]);
    if (types.has('integer')) types.add('number');
    return types;
  }
  if (s.enum) return new Set(s.enum.map((v) => (v === null ? 'null' : typeof v)));
  return null;
}

/** A JSON value that no value of the schema's types can be. */
function wrongTypeValues(doc: OpenApi, schema: JsonSchema): unknown[] {
  const types = jsonTypes(doc, schema);
  if (!types) return [];
  const candidates: [string, () => unknown][] = [
    ['object', pollutingObject],
    ['array', () => [['nested', { deep: [1] }], 2]],
    ['boolean', () => true],
    ['number', () => 1e308],
    ['string', () => "' OR 1=1 --"],
    ['null', () => null],
  ];
  return candidates.filter(([t]) => !types.has(t)).map(([, make]) => make());
}

function allEnums(doc: OpenApi, raw: JsonSchema): unknown[] | null {
  const s = resolve(doc, raw);
  if (s.enum) return s.enum;
  if (s.anyOf) {
    const parts = s.anyOf.map((p) => allEnums(doc, p));
    return parts.every((p) => p) ? parts.flat() : null;
  }
  return null;
}

/** Strings (as a query or form field carries them) that the schema refuses. */
function invalidStrings(doc: OpenApi, raw: JsonSchema): string[] {
  const s = resolve(doc, raw);
  const out: string[] = [];
  const enums = allEnums(doc, s);
  if (enums) out.push('ACTIVE\u200b', "' OR 1=1 --", '__proto__');
  const types = jsonTypes(doc, s);
  if (types && !types.has('string')) {
    if (types.has('number')) {
      out.push('NaN', 'abc', '1)--');
      if (s.type === 'integer') out.push('1.5');
      if (s.minimum !== undefined) out.push(String(s.minimum - 1), '-1e308');
      if (s.maximum !== undefined) out.push(String(s.maximum + 1), '1e308');
    } else if (!types.has('boolean')) out.push('x');
  }
  if (types?.has('string') && types.has('number') && !enums)
    out.push('NaN', 'Infinity', 'abc', '0x10');
  if (s.maxLength !== undefined && s.maxLength < LONG.length) out.push(LONG);
  const patterns = (s.anyOf ?? [s]).map((p) => resolve(doc, p)).filter((p) => p.pattern);
  if (patterns.length && patterns.length === (s.anyOf ?? [s]).length)
    out.push('2026-02-30', "2026-01-01' OR '1'='1");
  return out.filter((v) => !enums?.includes(v));
}

const isFileField = (s: JsonSchema) => s.format === 'binary';

function routesOf(doc: OpenApi): Route[] {
  const routes: Route[] = [];
  for (const [path, ops] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(ops)) routes.push({ method, path, op });
  return routes;
}

const fillPath = (path: string, id: string) => path.replace(/\{[^}]+\}/g, id);

describe('fuzzing every request schema', { timeout: TIMEOUT }, () => {
  let t: TestApp;
  let doc: OpenApi;
  let memberToken: string;
  let adminToken: string;
  const tables = {
    payments,
    loans,
    users,
    messages,
    recharge_requests: rechargeRequests,
    membership_applications: membershipApplications,
    journal_entries: journalEntries,
    files,
    bank_statements: bankStatements,
    bank_lines: bankLines,
  };
  async function counts(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const [name, table] of Object.entries(tables)) out[name] = await t.db.$count(table);
    return out;
  }
  const tokenFor = (path: string) => (path.startsWith('/api/admin') ? adminToken : memberToken);

  function expectRefused(res: Awaited<ReturnType<TestApp['app']['inject']>>, what: string) {
    if (res.statusCode < 400 || res.statusCode >= 500 || [401, 403].includes(res.statusCode))
      throw new Error(
        `${what}: expected a 4xx refusal, got ${res.statusCode}: ${res.body.slice(0, 300)}`,
      );
    expectError(res, res.statusCode);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  }

  beforeAll(async () => {
    t = await createTestApp();
    memberToken = (await signedInMember(t)).token;
    adminToken = (await signedInAdmin(t)).token;
    doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds the routes to fuzz in the OpenAPI document', () => {
    const withInput = routesOf(doc).filter(
      (r) => r.op.requestBody || r.op.parameters?.some((p) => p.in === 'query'),
    );
    expect(withInput.length).toBeGreaterThan(30);
  });

  it('refuses JSON bodies with a field of a wrong type, whatever the others hold', async () => {
    for (const route of routesOf(doc)) {
      const content = route.op.requestBody?.content;
      if (!content) continue;
      const schema = resolve(
        doc,
        (content['application/json'] ?? Object.values(content)[0]!).schema,
      );
      const props = Object.entries(schema.properties ?? {});
      const breakers = props.flatMap(([name, s]) =>
        wrongTypeValues(doc, s).map((value) => ({ name, value })),
      );
      // A body that is not an object at all breaks every schema.
      breakers.push({ name: '', value: null });
      const body = fc.record({
        breaker: fc.constantFrom(...breakers),
        wholeBody: fc.constantFrom<unknown>(['x'], 'x', 42, true, null),
        others: fc.dictionary(
          fc.constantFrom(...props.map(([n]) => n), '__proto__', 'constructor', 'role', 'balance'),
          hostileValue,
        ),
      });
      const before = await counts();
      await fc.assert(
        fc.asyncProperty(body, async ({ breaker, wholeBody, others }) => {
          const payload = breaker.name
            ? JSON.stringify({ ...others, [breaker.name]: breaker.value })
            : JSON.stringify(wholeBody);
          const url = fillPath(route.path, '1');
          const res = await t.app.inject({
            method: route.method.toUpperCase() as 'POST',
            url,
            headers: { ...bearer(tokenFor(route.path)), 'content-type': 'application/json' },
            payload,
          });
          expectRefused(res, `${route.method} ${url} ${payload.slice(0, 200)}`);
        }),
        { numRuns: RUNS },
      );
      expect(await counts(), `${route.method} ${route.path}`).toEqual(before);
    }
  });

  it('refuses form bodies with an invalid field, whatever the others hold', async () => {
    for (const route of routesOf(doc)) {
      const form = route.op.requestBody?.content['multipart/form-data'];
      if (!form) continue;
      const schema = resolve(doc, form.schema);
      const props = Object.entries(schema.properties ?? {}).filter(([, s]) => !isFileField(s));
      const breakers: { name: string; value: string | null }[] = props.flatMap(([name, s]) =>
        invalidStrings(doc, s).map((value) => ({ name, value })),
      );
      for (const name of schema.required ?? []) breakers.push({ name, value: null });
      // A file where a text field goes.
      for (const [name] of props) breakers.push({ name, value: 'FILE' });
      const body = fc.record({
        breaker: fc.constantFrom(...breakers),
        others: fc.dictionary(fc.constantFrom(...props.map(([n]) => n)), hostileString),
      });
      const before = await counts();
      await fc.assert(
        fc.asyncProperty(body, async ({ breaker, others }) => {
          const fields: Record<string, string> = { ...others };
          delete fields[breaker.name];
          const asFile = breaker.value === 'FILE';
          if (breaker.value !== null && !asFile) fields[breaker.name] = breaker.value;
          const fileParts = asFile
            ? {
                [breaker.name]: {
                  filename: 'x.txt',
                  contentType: 'text/plain',
                  data: Buffer.from('<script>alert(1)</script>'),
                },
              }
            : {};
          const { payload, headers } = multipart(fields, fileParts);
          const url = fillPath(route.path, '1');
          const res = await t.app.inject({
            method: route.method.toUpperCase() as 'POST',
            url,
            headers: { ...headers, ...bearer(tokenFor(route.path)) },
            payload,
          });
          expectRefused(
            res,
            `${route.method} ${url} ${breaker.name}=${String(breaker.value).slice(0, 50)}`,
          );
        }),
        { numRuns: RUNS },
      );
      expect(await counts(), `${route.method} ${route.path}`).toEqual(before);
    }
  });

  it('refuses invalid query strings, and answers hostile but valid ones without a 5xx', async () => {
    for (const route of routesOf(doc)) {
      const query = (route.op.parameters ?? []).filter((p) => p.in === 'query');
      if (!query.length) continue;
      const breakers = query.flatMap((p) =>
        [
          ...invalidStrings(doc, p.schema),
          // The same parameter twice arrives as an array.
          ...(jsonTypes(doc, p.schema)?.has('array') ? [] : [['1', "' OR 1=1 --"]]),
        ].map((value) => ({ name: p.name, value })),
      );
      const others = fc.dictionary(fc.constantFrom(...query.map((p) => p.name)), hostileString);
      const before = await counts();
      const send = (params: Record<string, string | string[]>) => {
        const search = new URLSearchParams();
        for (const [k, v] of Object.entries(params))
          for (const one of Array.isArray(v) ? v : [v]) search.append(k, one);
        return t.app.inject({
          method: route.method.toUpperCase() as 'GET',
          url: `${fillPath(route.path, '1')}?${search}`,
          headers: bearer(tokenFor(route.path)),
        });
      };
      if (breakers.length) {
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...breakers), others, async (breaker, rest) => {
            const res = await send({ ...rest, [breaker.name]: breaker.value });
            expectRefused(
              res,
              `${route.path} ${breaker.name}=${String(breaker.value).slice(0, 50)}`,
            );
          }),
          { numRuns: RUNS },
        );
      }
      await fc.assert(
        fc.asyncProperty(others, async (rest) => {
          const res = await send(rest);
          expect(
            res.statusCode,
            `${route.path} ${JSON.stringify(rest).slice(0, 200)}`,
          ).toBeLessThan(500);
          if (res.statusCode >= 400) expectError(res, res.statusCode);
        }),
        { numRuns: RUNS },
      );
      expect(await counts(), `${route.method} ${route.path}`).toEqual(before);
    }
  });

  it('refuses hostile ids in the path with a 4xx', async () => {
    const ids = fc.constantFrom(
      '0',
      '-1',
      '1.5',
      '1e308',
      '9'.repeat(40),
      '__proto__',
      'constructor',
      "1'%20OR%20'1'%3D'1",
      '%00',
      '%E2%80%AE1',
      '1%3B%20DROP%20TABLE%20users',
      'NaN',
      '0x10',
    );
    for (const route of routesOf(doc)) {
      if (!route.path.includes('{')) continue;
      const before = await counts();
      await fc.assert(
        fc.asyncProperty(ids, async (id) => {
          const isPost = route.method !== 'get';
          const url = fillPath(route.path, id);
          const res = await t.app.inject({
            method: route.method.toUpperCase() as 'GET',
            url,
            headers: {
              ...bearer(tokenFor(route.path)),
              ...(isPost ? { 'content-type': 'application/json' } : {}),
            },
            ...(isPost ? { payload: '{}' } : {}),
          });
          expectRefused(res, `${route.method} ${url}`);
        }),
        { numRuns: Math.min(RUNS, 13) },
      );
      expect(await counts(), `${route.method} ${route.path}`).toEqual(before);
    }
  });

  it('never answers 5xx to any hostile string in any single field or query parameter', async () => {
    // Some of these are valid (a message may quote SQL), so rows may be written here.
    const failures: string[] = [];
    for (const route of routesOf(doc)) {
      const method = route.method.toUpperCase() as 'GET';
      const url = fillPath(route.path, '1');
      const headers = bearer(tokenFor(route.path));
      const query = (route.op.parameters ?? []).filter((p) => p.in === 'query');
      const content = route.op.requestBody?.content;
      const schema = content
        ? resolve(doc, (content['application/json'] ?? Object.values(content)[0]!).schema)
        : undefined;
      const props = Object.entries(schema?.properties ?? {}).filter(
        ([, s]) => !isFileField(s) && jsonTypes(doc, s)?.has('string') !== false,
      );
      for (const value of SHARP_STRINGS) {
        for (const p of query) {
          const res = await t.app.inject({
            method,
            url: `${url}?${new URLSearchParams({ [p.name]: value })}`,
            headers,
          });
          if (res.statusCode >= 500)
            failures.push(`${method} ${url}?${p.name}=${JSON.stringify(value.slice(0, 30))}`);
        }
        for (const [name] of props) {
          const res = await t.app.inject({
            method,
            url,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: JSON.stringify({ [name]: value }),
          });
          if (res.statusCode >= 500)
            failures.push(`${method} ${url} {${name}: ${JSON.stringify(value.slice(0, 30))}}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses NUL and control characters in notes and searches, which PostgreSQL cannot store', async () => {
    const other = await signedInMember(t);
    const before = await counts();
    for (const bad of ['a\u0000b', '\u0000', 'bell\u0007', 'esc\u001b[2J']) {
      expectError(
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/members/${other.user.id}/status`,
          headers: bearer(adminToken),
          payload: { status: 'inactive', reason: bad },
        }),
        422,
      );
      for (const url of [
        `/api/admin/members?q=${encodeURIComponent(bad)}`,
        `/api/admin/audit?action=${encodeURIComponent(bad)}`,
        `/api/messages?after=${encodeURIComponent(bad)}`,
        `/api/my-payments?cursor=${encodeURIComponent(bad)}`,
      ]) {
        const res = await t.app.inject({ url, headers: bearer(tokenFor(url)) });
        expectError(res, 400);
      }
    }
    expect(
      (
        await t.app.inject({
          url: `/api/profile`,
          headers: bearer(other.token),
        })
      ).statusCode,
    ).toBe(200);
    expect(await counts()).toEqual(before);
  });

  it('refuses malformed bodies and odd content types with a 4xx, never a 5xx', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const cases: { type: string; payload: string | Buffer }[] = [
      { type: 'application/json', payload: `{"operator":"du","number":"1","amount":${deep}}` },
      { type: 'application/json', payload: '{"amount":10,"amount":"x","__proto__":{"a":1}}' },
      { type: 'application/json', payload: '{"amount": 10' },
      { type: 'application/json', payload: '' },
      { type: 'application/json', payload: '\ufeff{"amount":10}' },
      {
        type: 'application/json; charset=utf-16',
        payload: Buffer.from('{"amount":10}', 'utf16le'),
      },
      { type: 'text/plain', payload: 'amount=10' },
      { type: 'application/x-www-form-urlencoded', payload: 'amount=10&__proto__[x]=1' },
      {
        type: 'application/xml',
        payload: '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
      },
    ];
    const before = await counts();
    for (const { type, payload } of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/recharge-requests',
        headers: { ...bearer(memberToken), 'content-type': type },
        payload,
      });
      expectRefused(res, `${type} ${String(payload).slice(0, 60)}`);
    }
    const polluting = await t.app.inject({
      url: '/api/my-payments?__proto__=x&constructor[prototype][polluted]=1&limit=5',
      headers: bearer(memberToken),
    });
    expect(polluting.statusCode).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await counts()).toEqual(before);
  });

  it('refuses hostile amounts on the money calls even when every other field is valid', async () => {
    const badAmounts = fc.constantFrom<unknown>(
      -1,
      -0.01,
      0,
      0.001,
      10.005,
      1e308,
      2 ** 63,
      '-5',
      '10.005',
      'NaN',
      'Infinity',
      '1e3',
      '0x10',
      '1,000',
      ' ',
      "100' OR '1'='1",
      '١٠٠٠٠٠٠٠٠٠٠٠٠٠٠٠',
    );
    const before = await counts();
    const calls: {
      url: string;
      field: string;
      body: (amount: unknown) => Record<string, unknown>;
      admin?: boolean;
    }[] = [
      {
        url: '/api/save-monthly-payment',
        field: 'payment_amount',
        body: (a) => ({ payment_amount: a }),
      },
      {
        url: '/api/loan-application',
        field: 'loan_amount',
        body: (a) => ({
          loan_amount: a,
          duration_month: 12,
          bank_account: 'AE07',
          passport_or_nid: 'P1',
        }),
      },
      {
        url: '/api/recharge-requests',
        field: 'amount',
        body: (a) => ({ operator: 'du', number: '0501234567', amount: a }),
      },
      {
        url: '/api/admin/loans/1/repayments',
        field: 'amount',
        body: (a) => ({ amount: a }),
        admin: true,
      },
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...calls), badAmounts, async (call, amount) => {
        const res = await t.app.inject({
          method: 'POST',
          url: call.url,
          headers: bearer(call.admin ? adminToken : memberToken),
          payload: call.body(amount),
        });
        expectRefused(res, `${call.url} ${JSON.stringify(amount)}`);
        expect(Object.keys(res.json().errors ?? {}), `${call.url} ${res.body}`).toContain(
          call.field,
        );
      }),
      { numRuns: RUNS * 2 },
    );
    expect(await counts()).toEqual(before);
  });
});
