import { z } from 'zod';
import { tryParseAed } from '@jamiya/money/fils';

export const RECHARGE_OPERATORS = ['airtel', 'jio', 'vodafone', 'bsnl'] as const;
export const RECHARGE_MIN_FILS = 10_00;
export const RECHARGE_MAX_FILS = 1000_00;

// Spaces and dashes are how people group a number; they are not part of it.
const NUMBER_PATTERN = /^(\+91)?\d{10}$/;

/**
 * The mobile recharge form (spec section 3: number, amount, operator). The recharge-request
 * call does not exist yet, so this schema lives here; its messages are keys of the `home`
 * namespace.
 */
export const mobileRechargeForm = z.object({
  number: z
    .string()
    .transform((s) => s.replace(/[\s-]/g, ''))
    .refine((s) => NUMBER_PATTERN.test(s), { message: 'recharge.errors.number' }),
  amount: z.string().transform((s, ctx) => {
    const fils = tryParseAed(s.trim());
    if (fils === null || fils < RECHARGE_MIN_FILS || fils > RECHARGE_MAX_FILS) {
      ctx.addIssue({ code: 'custom', message: 'recharge.errors.amount' });
      return z.NEVER;
    }
    return fils;
  }),
  operator: z.string().pipe(z.enum(RECHARGE_OPERATORS, { error: 'recharge.errors.operator' })),
});

export type MobileRechargeInput = z.input<typeof mobileRechargeForm>;
export type MobileRechargeValues = z.output<typeof mobileRechargeForm>;
