// The people of the crash test: the treasurer and the demo members signed in, and fresh
// members made as the treasurer makes them.
import { randomBytes } from 'node:crypto';
import { must } from './http.mjs';
import { MEMBERS } from './options.mjs';

export async function setUp(call) {
  const admin = (
    await must(
      call('POST', '/api/login', {
        json: { email: 'admin@jamiya.example', password: 'jamiya-demo' },
      }),
      'admin sign-in',
    )
  ).access_token;
  const joined = new Date();
  joined.setUTCMonth(joined.getUTCMonth() - 11, 1);
  const members = [];
  for (const email of ['amina@jamiya.example', 'rahul@jamiya.example']) {
    const token = (
      await must(call('POST', '/api/login', { json: { email, password: 'jamiya-demo' } }), email)
    ).access_token;
    members.push({ email, token });
  }
  for (let i = 0; i < MEMBERS; i++) members.push(await freshMember(call, admin, joined, i));
  return { admin, members, joined };
}

/** A member made as the treasurer does: created by the admin, password set from the link. */
export async function freshMember(call, admin, joined, i) {
  {
    const email = `crash${i}-${randomBytes(3).toString('hex')}@example.test`;
    const created = await must(
      call('POST', '/api/admin/members', {
        token: admin,
        json: {
          name: `Crash Member ${i}`,
          email,
          mobile: `+97150${String(1000000 + (i % 1000000))}`,
          joined_on: joined.toISOString().slice(0, 10),
        },
      }),
      'create member',
    );
    const linkToken = new URL(created.set_password_link.url).searchParams.get('token');
    const password = `crash-test-password-${i}`;
    await must(
      call('POST', '/api/password/set', {
        json: { token: linkToken, password, password_confirmation: password },
      }),
      'set password',
    );
    const token = (await must(call('POST', '/api/login', { json: { email, password } }), email))
      .access_token;
    return { email, token };
  }
}
