import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, expectError, useTestApp } from './harness.ts';
import { editableSettings } from './settings-body.ts';

// Issue 34, point 1: the treasurer's own texts (where to send the money, the loan terms) are kept
// per language, English required and the others optional; each reader gets their language's,
// or the English with the language it is in, so that the page can say so.

const t = useTestApp();
let admin: string;
let urduMember: string;

const ARABIC_INSTRUCTIONS =
  'بنك الإمارات دبي الوطني\nالآيبان: AE070331234567890123456\nاكتب رقم عضويتك في مرجع التحويل.';
const ARABIC_TERMS = 'أوافق على سداد القرض في مواعيده.';
const URDU_INSTRUCTIONS = 'امارات این بی ڈی\nآئی بین: AE070331234567890123456';

async function put(changes: Record<string, unknown>) {
  const current = (
    await t.app.inject({ url: '/api/admin/settings', headers: bearer(admin) })
  ).json();
  return t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: bearer(admin),
    payload: { ...editableSettings(current), ...changes },
  });
}

const read = (headers: Record<string, string> = {}) =>
  t.app.inject({ url: '/api/settings', headers }).then((r) => r.json());

beforeAll(async () => {
  admin = await t.login((await t.makeUser({ role: 'admin' })).email);
  urduMember = await t.login((await t.makeUser({ language: 'ur' })).email);
  const saved = await put({
    payment_instructions:
      'Emirates NBD\nIBAN: AE070331234567890123456\nWrite your member ID in the reference.',
    terms_text: 'I agree to repay the loan on time.',
    translations: {
      ar: { payment_instructions: ARABIC_INSTRUCTIONS, terms_text: ARABIC_TERMS },
      ur: { payment_instructions: URDU_INSTRUCTIONS },
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});

describe("the treasurer's texts in the reader's language", () => {
  it('answers Arabic to an Arabic reader, and says which language each text is in', async () => {
    const settings = await read({ 'accept-language': 'ar' });
    expect(settings.payment_instructions).toBe(ARABIC_INSTRUCTIONS);
    expect(settings.terms_text).toBe(ARABIC_TERMS);
    expect(settings.texts_in).toEqual({ payment_instructions: 'ar', terms_text: 'ar' });
  });

  it('falls back to English for a text not written in the language, saying so', async () => {
    const urdu = await read({ 'accept-language': 'ur-PK,ur' });
    expect(urdu.payment_instructions).toBe(URDU_INSTRUCTIONS);
    expect(urdu.terms_text).toBe('I agree to repay the loan on time.');
    expect(urdu.texts_in).toEqual({ payment_instructions: 'ur', terms_text: 'en' });
    const hindi = await read({ 'accept-language': 'hi' });
    expect(hindi.payment_instructions).toMatch(/^Emirates NBD/);
    expect(hindi.texts_in).toEqual({ payment_instructions: 'en', terms_text: 'en' });
  });

  it("takes the member's profile language when the request names none", async () => {
    const settings = await read(bearer(urduMember));
    expect(settings.payment_instructions).toBe(URDU_INSTRUCTIONS);
    // Accept-Language comes first.
    expect(
      (await read({ ...bearer(urduMember), 'accept-language': 'ar' })).payment_instructions,
    ).toBe(ARABIC_INSTRUCTIONS);
  });

  it("shows the treasurer every language's texts, the English as the main ones", async () => {
    const settings = (
      await t.app.inject({ url: '/api/admin/settings', headers: bearer(admin) })
    ).json();
    expect(settings.payment_instructions).toMatch(/^Emirates NBD/);
    expect(settings.translations).toEqual({
      ar: { payment_instructions: ARABIC_INSTRUCTIONS, terms_text: ARABIC_TERMS },
      ur: { payment_instructions: URDU_INSTRUCTIONS },
    });
    expect(settings).not.toHaveProperty('texts_in');
  });

  it('keeps the translations when a save leaves them out, and drops one saved empty', async () => {
    const current = (
      await t.app.inject({ url: '/api/admin/settings', headers: bearer(admin) })
    ).json();
    const { translations: _, ...withoutTranslations } = editableSettings(current);
    const kept = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: bearer(admin),
      payload: { ...withoutTranslations, monthly_due: current.monthly_due },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().settings.translations.ar.terms_text).toBe(ARABIC_TERMS);

    const dropped = await put({
      translations: {
        ar: { payment_instructions: ARABIC_INSTRUCTIONS, terms_text: '  ' },
        ur: { payment_instructions: URDU_INSTRUCTIONS },
      },
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json().settings.translations.ar).toEqual({
      payment_instructions: ARABIC_INSTRUCTIONS,
    });
    const arabic = await read({ 'accept-language': 'ar' });
    expect(arabic.texts_in.terms_text).toBe('en');
    await put({
      translations: {
        ar: { payment_instructions: ARABIC_INSTRUCTIONS, terms_text: ARABIC_TERMS },
        ur: { payment_instructions: URDU_INSTRUCTIONS },
      },
    });
  });

  it('refuses a language the app does not speak, English among the translations, and a text too long', async () => {
    for (const translations of [
      { fr: { terms_text: 'Je rembourserai.' } },
      { en: { terms_text: 'Twice.' } },
      { ar: { terms_text: 'ن'.repeat(5001) } },
      { ar: { colour: 'blue' } },
    ]) {
      const refused = expectError(await put({ translations }), 422);
      expect(Object.keys(refused.errors ?? {}).some((k) => k.startsWith('translations'))).toBe(
        true,
      );
    }
  });

  it('is not the members’ to change', async () => {
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: bearer(urduMember),
      payload: { translations: {} },
    });
    expectError(refused, 403);
  });
});
