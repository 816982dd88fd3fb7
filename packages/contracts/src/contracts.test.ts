import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passwordChangeRequest, loginRequest } from './auth.ts';
import { aedInput, booleanInput, optionalText } from './common.ts';
import { LANGUAGES } from './languages.ts';
import { loanApplicationFields } from './loans.ts';
import { personName } from './membership.ts';
import { language } from './profile.ts';
import { LOAN_TYPES } from './values.ts';
import { monthlyPaymentFields } from './payments.ts';

describe('aedInput', () => {
  it('parses form strings and JSON numbers exactly to fils', () => {
    expect(aedInput.parse('200')).toBe(20_000);
    expect(aedInput.parse(' 356.67 ')).toBe(35_667);
    expect(aedInput.parse(0.1)).toBe(10);
    expect(aedInput.parse(1070)).toBe(107_000);
  });

  it.each(['12.345', 'abc', '', '1,000', '1e3', Number.NaN])(
    'refuses %s with a sentence',
    (bad) => {
      const r = aedInput.safeParse(bad);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toMatch(/amount in AED/);
    },
  );

  it('round-trips any amount with two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (fils) => {
        const text = `${Math.trunc(fils / 100)}.${String(fils % 100).padStart(2, '0')}`;
        expect(aedInput.parse(text)).toBe(fils);
      }),
    );
  });
});

describe('request schemas', () => {
  it('checks that the new password and its confirmation match', () => {
    const r = passwordChangeRequest.safeParse({
      old_password: 'x',
      password: 'abcdefgh1',
      password_confirmation: 'abcdefgh2',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['password_confirmation']);
  });

  it('accepts 64-character passwords and refuses 129', () => {
    const p64 = 'a'.repeat(64);
    expect(
      passwordChangeRequest.safeParse({
        old_password: 'x',
        password: p64,
        password_confirmation: p64,
      }).success,
    ).toBe(true);
    const p129 = 'a'.repeat(129);
    expect(
      passwordChangeRequest.safeParse({
        old_password: 'x',
        password: p129,
        password_confirmation: p129,
      }).success,
    ).toBe(false);
  });

  it('requires a valid email to sign in', () => {
    expect(loginRequest.safeParse({ email: 'not-an-email', password: 'x' }).success).toBe(false);
    expect(loginRequest.parse({ email: ' a@b.example ', password: 'x' }).email).toBe('a@b.example');
  });

  it('reads the loan form as the spec client sends it (all strings)', () => {
    const parsed = loanApplicationFields.parse({
      loan_type: 'personal',
      loan_amount: '1000',
      duration_month: '3',
      bank_account: 'Botim 055',
      per_month_amount: '356.67',
      passport_or_nid: 'N1',
      includeInsurance: 'false',
      total_amount_with_interest: '1070',
    });
    expect(parsed).toMatchObject({
      loan_amount: 100_000,
      duration_month: 3,
      includeInsurance: false,
      per_month_amount: 35_667,
      total_amount_with_interest: 107_000,
    });
    expect(
      loanApplicationFields.safeParse({ ...parsed, loan_amount: '1000', duration_month: '2.5' })
        .success,
    ).toBe(false);
  });

  it('normalises month names and refuses unknown ones', () => {
    expect(monthlyPaymentFields.parse({ payment_amount: '200', month: 'march' }).month).toBe(
      'March',
    );
    expect(monthlyPaymentFields.safeParse({ payment_amount: '200', month: 'Smarch' }).success).toBe(
      false,
    );
    expect(monthlyPaymentFields.safeParse({ payment_amount: '0' }).success).toBe(false);
  });

  it('reads yes/no from forms', () => {
    expect(booleanInput.parse('on')).toBe(true);
    expect(booleanInput.parse('0')).toBe(false);
    expect(booleanInput.safeParse('maybe').success).toBe(false);
  });
});

describe('free text of a member', () => {
  it('drops format controls (bidi overrides among them) but keeps ZWJ and ZWNJ, which Indic and Arabic writing needs', () => {
    const name = personName;
    // U+202E turns "Ali exe.doc" around on screen; U+2066..2069 and U+200E/F steer direction.
    expect(name.parse('Ali \u202Ecod.exe')).toBe('Ali cod.exe');
    expect(name.parse('\u2066Rahul\u2069 \u200ENair\u200F')).toBe('Rahul Nair');
    // Malayalam chillu (with ZWJ) and a Bengali, Hindi or Persian ZWNJ stay as typed.
    expect(name.parse('അവന്\u200D')).toBe('അവന്\u200D');
    expect(name.parse('ক্\u200Cষ')).toBe('ক্\u200Cষ');
    expect(
      optionalText(100, { tooLong: 'Too long.', notAllowed: 'Not allowed.' }).parse(
        '\u202Ano\u202C',
      ),
    ).toBe('no');
    // Nothing left once the controls are gone: as empty as it looks.
    expect(name.safeParse('\u202E\u202C').success).toBe(false);
  });
});

describe('a choice refused', () => {
  // The sentence is written whole for the translators: it must still name every choice.
  it('names every loan type and every language', () => {
    const loanType = loanApplicationFields.shape.loan_type.safeParse('car').error?.issues[0];
    expect(loanType?.message).toBe(`Choose a loan type: ${LOAN_TYPES.join(', ')}.`);
    const chosen = language.safeParse('fr').error?.issues[0];
    expect(chosen?.message).toBe(`Choose one of the app's languages: ${LANGUAGES.join(', ')}.`);
  });
});
