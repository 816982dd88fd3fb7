// The API answers in the reader's language (docs/languages.md): the request's lang cookie,
// else its Accept-Language, else English. Free text people typed stays as typed.
import { describe, expect, it } from 'vitest';
import { bearer, expectError, multipart, plain, useTestApp } from './harness.ts';
import { signedInMember } from './signed-in.ts';

const wrongSignIn = (headers: Record<string, string>) => ({
  method: 'POST' as const,
  url: '/api/login',
  headers,
  payload: { email: 'nobody@jamiya.example', password: 'not-the-password' },
});

describe('answers in the reader language', () => {
  const t = useTestApp();

  /** A loan application with these amount and term, asked in `language`. */
  const applyForLoan = (
    token: string,
    language: string,
    fields: { loan_amount: string; duration_month: string },
  ) => {
    const { payload, headers } = multipart({
      loan_type: 'personalLoan',
      ...fields,
      bank_account: 'Botim 0501234567',
      passport_or_nid: 'P1234567',
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/loan-application',
      payload,
      headers: { ...headers, ...bearer(token), 'accept-language': language },
    });
  };

  it('refuses a sign-in in Hindi and in Urdu', async () => {
    const hi = expectError(
      await t.app.inject(wrongSignIn({ 'accept-language': 'hi-IN,hi;q=0.9' })),
      401,
    );
    expect(plain(hi.message)).toBe('ईमेल या पासवर्ड सही नहीं है।');
    const ur = expectError(await t.app.inject(wrongSignIn({ cookie: 'lang=ur' })), 401);
    expect(ur.message).toBe('ای میل یا پاس ورڈ درست نہیں ہے۔');
    const en = expectError(await t.app.inject(wrongSignIn({ 'accept-language': 'fr' })), 401);
    expect(en.message).toBe('The email or password is not correct.');
  });

  it('puts field errors in the language too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'accept-language': 'ur' },
      payload: { email: 'not an email', password: 'x' },
    });
    const body = expectError(res, 422);
    expect(body.message).toBe('براہِ کرم نشان زدہ خانے دیکھیں۔');
    expect(body.errors?.email).toEqual(['درست ای میل پتہ لکھیں۔']);
  });

  it('fills in the values of a sentence, amounts with AED, in Hindi and in Urdu', async () => {
    const { token } = await signedInMember(t);
    const tooSmall = (language: string) =>
      applyForLoan(token, language, { loan_amount: '100', duration_month: '3' });
    const hi = expectError(await tooSmall('hi'), 422);
    expect(plain(hi.message)).toBe('लोन AED 500 से AED 5,000 के बीच होना चाहिए।');
    expect(hi.errors?.loan_amount?.map(plain)).toEqual(['AED 500 से AED 5,000 तक की रकम चुनें।']);
    const ur = expectError(await tooSmall('ur-PK'), 422);
    // Right to left, each amount is isolated, so that it keeps its order among the words.
    expect(plain(ur.message)).toBe(
      'قرض \u2066AED 500\u2069 اور \u2066AED 5,000\u2069 کے درمیان ہونا چاہیے۔',
    );
    expect(ur.errors?.loan_amount?.map(plain)).toEqual([
      '\u2066AED 500\u2069 سے \u2066AED 5,000\u2069 تک کی رقم چنیں۔',
    ]);
    const en = expectError(await tooSmall('en'), 422);
    expect(plain(en.message)).toBe('A loan must be between AED 500 and AED 5,000.');
  });

  it('lists the terms offered as the language lists choices (1 أو 3 أو 6 أشهر)', async () => {
    const { token } = await signedInMember(t);
    const tooLong = (language: string) =>
      applyForLoan(token, language, { loan_amount: '1000', duration_month: '99' });
    const ar = expectError(await tooLong('ar'), 422);
    expect(ar.message).toContain('1 أو 3 أو 6 أشهر');
    const en = expectError(await tooLong('en'), 422);
    expect(en.message).toContain('1, 3, or 6');
  });

  it('says a success in Urdu, with its values', async () => {
    const { token } = await signedInMember(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/recharge-requests',
      headers: { ...bearer(token), 'accept-language': 'ur' },
      payload: { operator: 'jio', number: '+91 98765 43210', amount: 50 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { message } = res.json() as { message: string };
    expect(plain(message)).toMatch(
      /^آپ کی ریچارج درخواست مل گئی ہے: \+91 98765 43210 \(Jio\) کے لیے \u2066AED 50\u2069۔ /,
    );
    expect(message).toContain('آپ کی بچت سے کچھ نہیں کٹتا۔');
  });
});
