import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminLoan, loan as memberLoan } from '@jamiya/contracts/loans';
import { listOf } from '@jamiya/contracts/common';
import type { makeUser } from '../../../test/harness.ts';
import { applyOverHttp, bearer, dubaiMonthStart, useTestAppEach } from '../../../test/harness.ts';

// Issue 33: the treasurer's loan history names the admins who made each step, both of them for
// a step two admins made (docs/domain/maker-checker.md); the member reads "the committee".

// A database of its own for each test: the first needs the treasurer to be the only admin,
// which the second test's chair would end.
const t = useTestAppEach();

async function person(overrides: Parameters<typeof makeUser>[1] = {}) {
  const user = await t.makeUser({ joinedOn: dubaiMonthStart(), ...overrides });
  const token = await t.login(user.email);
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload ? { payload: payload as InjectOptions['payload'] } : {}),
    });
  return { user, token, call };
}

type Person = Awaited<ReturnType<typeof person>>;

const ref = (p: Person) => ({
  id: p.user.id,
  unique_id: p.user.uniqueId,
  name: p.user.name,
});

describe("a loan's history, as the treasurer reads it", () => {
  let treasurer: Person;
  beforeEach(async () => {
    await t.fundCash(500_000);
    treasurer = await person({ role: 'admin', name: 'Treasurer Fatima' });
  });

  it('names the one admin who acted alone, and no one for what happened by itself', async () => {
    // The only admin so far: the payout needs no second signature.
    const borrower = await person();
    const id = await applyOverHttp(t.app, borrower.token, {
      loan_amount: '500',
      duration_month: '1',
    });
    expect((await treasurer.call('POST', `/api/admin/loans/${id}/approve`)).statusCode).toBe(200);
    expect((await treasurer.call('POST', `/api/admin/loans/${id}/disburse`)).statusCode).toBe(200);
    const repaid = await treasurer.call('POST', `/api/admin/loans/${id}/repayments`, {
      amount: 535,
    });
    expect(repaid.statusCode, repaid.body).toBe(200);
    expect(adminLoan.parse(repaid.json().loan).transitions).toMatchObject([
      { to: 'pending', by: 'member', admin: null, proposed_by: null },
      { to: 'approved', by: 'admin', admin: ref(treasurer), proposed_by: null },
      { to: 'active', by: 'admin', admin: ref(treasurer), proposed_by: null },
      { to: 'closed', by: 'system', admin: null, proposed_by: null },
    ]);
  });

  it('names the admin of each step, and both admins of a payout and a write-off', async () => {
    const chair = await person({ role: 'admin', isMember: true, name: 'Chair Yusuf' });
    const borrower = await person({ name: 'Borrower Amina' });
    const id = await applyOverHttp(t.app, borrower.token);
    expect((await treasurer.call('POST', `/api/admin/loans/${id}/approve`)).statusCode).toBe(200);
    expect((await treasurer.call('POST', `/api/admin/loans/${id}/disburse`)).statusCode).toBe(202);
    expect((await chair.call('POST', `/api/admin/loans/${id}/disburse`)).statusCode).toBe(200);
    const reason = { reason: 'Left the UAE.' };
    expect((await chair.call('POST', `/api/admin/loans/${id}/write-off`, reason)).statusCode).toBe(
      202,
    );
    const off = await treasurer.call('POST', `/api/admin/loans/${id}/write-off`, reason);
    expect(off.statusCode, off.body).toBe(200);

    const expected = [
      { to: 'pending', by: 'member', admin: null, proposed_by: null },
      { to: 'approved', by: 'admin', admin: ref(treasurer), proposed_by: null },
      { to: 'active', by: 'admin', admin: ref(chair), proposed_by: ref(treasurer) },
      { to: 'written_off', by: 'admin', admin: ref(treasurer), proposed_by: ref(chair) },
    ];
    // The answer of the confirming call, the loan, and the list all say so.
    expect(adminLoan.parse(off.json().loan).transitions).toMatchObject(expected);
    const one = await treasurer.call('GET', `/api/admin/loans/${id}`);
    expect(adminLoan.parse(one.json()).transitions).toMatchObject(expected);
    const list = await chair.call('GET', '/api/admin/loans?state=written_off');
    const listed = listOf(adminLoan)
      .parse(list.json())
      .items.find((l) => l.id === id);
    expect(listed?.transitions).toMatchObject(expected);

    // The member's own view has no admin's name: the committee decided.
    const mine = await borrower.call('GET', '/api/my-loans');
    const [own] = listOf(memberLoan).parse(mine.json()).items;
    expect(own!.transitions.map((s) => s.by)).toEqual(['member', 'admin', 'admin', 'admin']);
    expect(JSON.stringify(mine.json())).not.toMatch(/Treasurer Fatima|Chair Yusuf/);
  });
});
