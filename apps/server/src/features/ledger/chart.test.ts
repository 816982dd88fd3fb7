import { describe, expect, it } from 'vitest';
import { bearer, expectError, useTestApp } from '../../../test/harness.ts';
import { adminCalls } from '../../../test/support/own-books.ts';
import { postEntry } from './ledger.ts';

// Issue 49, point 1: the chart of accounts. Jamiya's own accounts beside those an association
// names in English and Arabic; an account with postings is retired, never deleted.

const t = useTestApp();
let token: Promise<string> | null = null;
const admin = async () =>
  adminCalls(
    t.app,
    await (token ??= t.makeUser({ role: 'admin', isMember: false }).then((a) => t.login(a.email))),
  );
let seq = 0;

describe('/api/admin/accounts', () => {
  it('lists the built-in and default accounts by kind, named in the reader’s language', async () => {
    const res = await (await admin()).get('/api/admin/accounts');
    expect(res.statusCode, res.body).toBe(200);
    const byCode = new Map(res.json().items.map((a: { code: string }) => [a.code, a]));
    expect(byCode.get('cash')).toMatchObject({ kind: 'asset', built_in: true, bookable: false });
    expect(byCode.get('cash_box')).toMatchObject({ kind: 'asset', built_in: true, bookable: true });
    expect(byCode.get('interest_income')).toMatchObject({ kind: 'income', bookable: false });
    for (const [code, kind] of [
      ['bank_charges', 'expense'],
      ['bank_interest', 'income'],
      ['meeting_costs', 'expense'],
      ['stationery', 'expense'],
      ['other_income', 'income'],
      ['other_expenses', 'expense'],
    ])
      expect(byCode.get(code), code).toMatchObject({ kind, built_in: false, bookable: true });
    expect([...byCode.keys()].some((c) => String(c).includes(':'))).toBe(false);
    const ar = await t.app.inject({
      url: '/api/admin/accounts',
      headers: { ...bearer(await token!), 'accept-language': 'ar' },
    });
    const charges = ar.json().items.find((a: { code: string }) => a.code === 'bank_charges');
    expect(charges).toMatchObject({ name: 'رسوم بنكية', name_en: 'Bank charges' });
  });

  it('adds an account, renames it, retires it and puts it back; deletes one without postings', async () => {
    const calls = await admin();
    const made = await calls.post('/api/admin/accounts', {
      name_en: `AGM hall hire ${++seq}`,
      name_ar: 'إيجار قاعة الجمعية',
      kind: 'expense',
    });
    expect(made.statusCode, made.body).toBe(201);
    const { code } = made.json().account;
    expect(code).toBe(`agm_hall_hire_${seq}`);
    expectError(
      await calls.post('/api/admin/accounts', { code, name_en: 'x', name_ar: 'x', kind: 'income' }),
      409,
    );
    const renamed = await calls.post(`/api/admin/accounts/${code}`, { name_en: 'Hall hire' });
    expect(renamed.json().account).toMatchObject({ name_en: 'Hall hire', retired: false });
    expect(
      (await calls.post(`/api/admin/accounts/${code}`, { retired: true })).json().account.retired,
    ).toBe(true);
    expect(
      (await calls.post(`/api/admin/accounts/${code}`, { retired: false })).json().account.retired,
    ).toBe(false);
    expect((await calls.del(`/api/admin/accounts/${code}`)).statusCode).toBe(200);
    expectError(await calls.get(`/api/admin/accounts/${code}`), 404);
    expectError(await calls.del(`/api/admin/accounts/${code}`), 404);
  });

  it('keeps an account with postings: retired, never deleted', async () => {
    const calls = await admin();
    const made = await calls.post('/api/admin/accounts', {
      code: `gifts_${++seq}`,
      name_en: 'Gifts',
      name_ar: 'هدايا',
      kind: 'expense',
    });
    const { code } = made.json().account;
    await t.db.transaction((tx) =>
      postEntry(tx, {
        kind: 'journal',
        memo: 'A gift',
        occurredAt: new Date(),
        createdBy: null,
        lines: [
          { account: { code: 'chart', account: code }, amountFils: 500 },
          { account: { code: 'chart', account: 'other_income' }, amountFils: -500 },
        ],
      }),
    );
    expect(expectError(await calls.del(`/api/admin/accounts/${code}`), 409).message).toMatch(
      /Retire it instead/,
    );
    const listed = (await calls.get('/api/admin/accounts')).json().items;
    expect(listed.find((a: { code: string }) => a.code === code)).toMatchObject({
      postings: 1,
      balance: 5,
    });
  });

  it('refuses to change Jamiya’s own accounts, a reserved code, a bad body, and a member', async () => {
    const calls = await admin();
    expectError(await calls.post('/api/admin/accounts/cash', { retired: true }), 409);
    expectError(await calls.del('/api/admin/accounts/interest_income'), 409);
    // `loans`, `savings` and `fines` name the month totals' classes of many accounts.
    for (const code of ['cash', 'savings_x', 'loan', 'loans', 'members_surplus', 'Bad Code', '1x'])
      expect([409, 422], code).toContain(
        (
          await calls.post('/api/admin/accounts', {
            code,
            name_en: 'x',
            name_ar: 'x',
            kind: 'expense',
          })
        ).statusCode,
      );
    expect(
      expectError(await calls.post('/api/admin/accounts', { name_en: 'x', kind: 'expense' }), 422)
        .errors,
    ).toHaveProperty('name_ar');
    expectError(
      await calls.post('/api/admin/accounts', { name_en: 'x', name_ar: 'x', kind: 'asset?' }),
      422,
    );
    const member = await t.makeUser();
    const asMember = await t.app.inject({
      url: '/api/admin/accounts',
      headers: bearer(await t.login(member.email)),
    });
    expectError(asMember, 403);
    expectError(await t.app.inject({ url: '/api/admin/accounts' }), 401);
  });
});
