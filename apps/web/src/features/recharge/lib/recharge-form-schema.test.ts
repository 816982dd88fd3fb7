import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney } from '@jamiya/money/format';
import type { Fils } from '@jamiya/money/fils';
import { i18n } from '../../../lib/i18n.tsx';
import { rechargeFormSchema } from './recharge-form-schema.ts';

const range = { minFils: 1_000 as Fils, maxFils: 50_000 as Fils };
const amountError = (amount: string) => {
  const result = rechargeFormSchema(range).safeParse({
    operator: 'jio',
    number: '9876543210',
    amount,
  });
  return result.success ? null : result.error.issues.find((i) => i.path[0] === 'amount')?.message;
};

describe('the recharge form', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('says an amount out of the range in English, with the range', () => {
    expect(amountError('600')?.replace(/\s/g, ' ')).toBe('Enter an amount from AED 10 to AED 500.');
    expect(amountError('50')).toBeNull();
  });

  it("says it in the page's language, the amounts formatted in it", async () => {
    await i18n.loadNamespaces('messages');
    await i18n.changeLanguage('ar');
    const message = amountError('600');
    expect(message).toContain(formatMoney(1_000 as Fils, 'ar'));
    expect(message).toContain(formatMoney(50_000 as Fils, 'ar'));
    expect(message).toMatch(/[\u0600-\u06ff]/);
    expect(message).not.toMatch(/Enter/);
  });
});
