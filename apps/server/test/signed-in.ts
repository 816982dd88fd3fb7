import type { InjectOptions } from 'fastify';
import type { NewUser } from '../src/features/users/create-user.ts';
import { applyOverHttp, bearer, dubaiMonthStart, type TestApp } from './harness.ts';

// The people most API tests start from: a member who owes this month only, and the treasurer
// with a call in their name.

/** A member who joined this month (one due owed), signed in. */
export async function signedInMember(t: TestApp, overrides: Partial<NewUser> = {}) {
  const user = await t.makeUser({ joinedOn: dubaiMonthStart(), ...overrides });
  return { user, token: await t.login(user.email) };
}

/** An admin (the treasurer unless named), signed in; `call` makes a request as them. */
export async function signedInAdmin(
  t: TestApp,
  name = 'Treasurer Tariq',
  overrides: Partial<NewUser> = {},
) {
  const user = await t.makeUser({ role: 'admin', name, ...overrides });
  const token = await t.login(user.email);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload ? { payload: payload as InjectOptions['payload'] } : {}),
    });
  return { user, token, call };
}

type AdminCall = Awaited<ReturnType<typeof signedInAdmin>>['call'];

/** A member's loan of `amount` AED over 3 months, approved and paid out by `admin`: its id. */
export async function activeLoanOverHttp(
  t: TestApp,
  token: string,
  admin: AdminCall,
  amount = 1000,
) {
  const id = await applyOverHttp(t.app, token, { loan_amount: String(amount) });
  for (const step of ['approve', 'disburse']) {
    const res = await admin('POST', `/api/admin/loans/${id}/${step}`);
    if (res.statusCode !== 200) throw new Error(`loan ${step}: ${res.statusCode} ${res.body}`);
  }
  return id;
}
