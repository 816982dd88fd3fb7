import { describe, expect, it } from 'vitest';
import { bearer, expectError, useTestApp } from '../../../test/harness.ts';
import { signedInAdmin } from '../../../test/signed-in.ts';
import { editableSettings } from '../../../test/settings-body.ts';

// Issue 50, point 13: where members send their money is money. With two or more active admins,
// a change of the payment instructions (in any language) or of what one admin may book alone is
// proposed by one and carried out when another repeats it; the rest of the settings save at once.

const t = useTestApp();

const admin = async (name: string) => {
  const { user, token } = await signedInAdmin(t, name);
  return { id: user.id, token };
};

const put = (token: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: bearer(token),
    payload: body,
  });

async function current(token: string) {
  const res = await t.app.inject({ url: '/api/admin/settings', headers: bearer(token) });
  return editableSettings(res.json());
}

const publicInstructions = async (language = 'en') =>
  (await t.app.inject({ url: '/api/settings', headers: { 'accept-language': language } })).json()
    .payment_instructions as string;

describe('PUT /api/admin/settings, with two active admins', () => {
  it('proposes new payment instructions, saves the rest, and carries them out when a second admin repeats it', async () => {
    const fatima = await admin('Treasurer Fatima');
    const omar = await admin('Chair Omar');
    const before = await current(fatima.token);
    const oldInstructions = await publicInstructions();
    const asked = {
      ...before,
      association_name: 'Al Noor Savings Circle',
      payment_instructions: 'Bank: Evil Bank\nIBAN: AE00 0000 0000 0000 0000 000',
    };

    const proposed = await put(fatima.token, asked);
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(proposed.json()).toMatchObject({
      pending_confirmation: true,
      proposal: { action: 'settings.money_paths', proposed_by: { id: fatima.id } },
      settings: {
        association_name: 'Al Noor Savings Circle',
        payment_instructions: oldInstructions,
      },
    });
    // Members still read the old account.
    expect(await publicInstructions()).toBe(oldInstructions);
    // The proposer cannot carry it out.
    expect(expectError(await put(fatima.token, asked), 409).message).toMatch(
      /second admin must confirm/,
    );
    // Another change of the instructions waits for this one to be decided.
    const other = await put(omar.token, { ...asked, payment_instructions: 'Botim 0500000000' });
    expect(expectError(other, 409).message).toMatch(/proposed other/);
    expect(await publicInstructions()).toBe(oldInstructions);

    const confirmed = await put(omar.token, asked);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().settings.payment_instructions).toBe(asked.payment_instructions);
    expect(await publicInstructions()).toBe(asked.payment_instructions);
  });

  it('treats the instructions in another language, and the one-admin bank fee, the same way', async () => {
    const a = await admin('Admin A');
    const b = await admin('Admin B');
    const before = await current(a.token);
    const arabic = {
      ...before,
      translations: { ar: { payment_instructions: 'حساب آخر: AE11 2222 3333' } },
    };
    expect((await put(a.token, arabic)).statusCode).toBe(202);
    expect(await publicInstructions('ar')).not.toBe('حساب آخر: AE11 2222 3333');
    expect((await put(b.token, arabic)).statusCode).toBe(200);
    expect(await publicInstructions('ar')).toBe('حساب آخر: AE11 2222 3333');

    const fee = { ...(await current(a.token)), books_rules: { one_admin_bank_fee: 9999 } };
    const proposed = await put(a.token, fee);
    expect(proposed.statusCode).toBe(202);
    expect(proposed.json().settings.books_rules.one_admin_bank_fee).not.toBe(9999);
    const done = await put(b.token, fee);
    expect(done.json().settings.books_rules.one_admin_bank_fee).toBe(9999);
  });

  it('refuses a negative one-admin bank fee with 422, not 500', async () => {
    const a = await admin('Admin E');
    const res = await put(a.token, {
      ...(await current(a.token)),
      books_rules: { one_admin_bank_fee: -5 },
    });
    expect(expectError(res, 422).errors?.['books_rules.one_admin_bank_fee']).toEqual([
      'Enter AED 0 or more.',
    ]);
  });

  it('saves at once what changes none of them', async () => {
    const a = await admin('Admin C');
    await admin('Admin D');
    const res = await put(a.token, { ...(await current(a.token)), monthly_due: 250 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings.monthly_due).toBe(250);
  });

  it('refuses a save made from settings another admin changed since (409), so an old page never proposes old instructions', async () => {
    const a = await admin('Admin E');
    const b = await admin('Admin F');
    const read = await t.app.inject({ url: '/api/admin/settings', headers: bearer(a.token) });
    const asRead = { ...editableSettings(read.json()), updated_at: read.json().updated_at };
    // B changes the monthly due meanwhile; A's page still holds the settings as they were.
    const changed = await put(b.token, { ...(await current(b.token)), monthly_due: 260 });
    expect(changed.statusCode, changed.body).toBe(200);
    const stale = expectError(await put(a.token, { ...asRead, association_name: 'Old page' }), 409);
    expect(stale.message).toBe(
      'Another admin changed the settings after you opened them. Open them again and make your change there.',
    );
    // The same save from the settings as they are now goes through.
    const fresh = await t.app.inject({ url: '/api/admin/settings', headers: bearer(a.token) });
    const saved = await put(a.token, {
      ...editableSettings(fresh.json()),
      updated_at: fresh.json().updated_at,
      association_name: 'New page',
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
});
