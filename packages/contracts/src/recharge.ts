import { z } from 'zod';
import {
  formatIndianMobile,
  RECHARGE_OPERATOR_NAMES,
  RECHARGE_OPERATORS,
  RECHARGE_STATES,
  type RechargeOperator,
} from './values.ts';
import { formatAed, type Fils } from '@jamiya/money/fils';
import { aedOutput, listQuery, memberRef, positiveAedInput, text } from './common.ts';

// Mobile recharge requests (docs/product.md section 7): a member asks the committee to top up an
// Indian prepaid number; an admin makes the recharge outside the app and marks it done with
// the operator's reference, or refuses it with a reason. Nothing touches the member's savings.

export { formatIndianMobile, RECHARGE_OPERATOR_NAMES, RECHARGE_OPERATORS, type RechargeOperator };

export const rechargeState = z.enum(RECHARGE_STATES);
export type RechargeState = z.infer<typeof rechargeState>;

const NUMBER_MESSAGE =
  /*i18n*/ 'Enter a 10-digit Indian mobile number that starts with 6, 7, 8 or 9, with or without +91.';
// +91 or 91 in front, then ten digits, the first 6-9 (India's mobile numbering plan).
const INDIAN_MOBILE = /^(?:\+?91)?([6-9]\d{9})$/;

/** A number as people type it (+91 98765 43210, 91-98765-43210) -> its ten digits. */
export const indianMobileNumber = z.string({ error: NUMBER_MESSAGE }).transform((value, ctx) => {
  const digits = INDIAN_MOBILE.exec(value.replace(/[\s-]/g, ''))?.[1];
  if (!digits) {
    ctx.addIssue({ code: 'custom', message: NUMBER_MESSAGE });
    return z.NEVER;
  }
  return digits;
});

/** The amounts a member may ask for (the settings' range), in fils. */
export interface RechargeRange {
  minFils: Fils;
  maxFils: Fils;
}

/** The sentence for an amount outside the range, with its values; null when it lies within. */
export function rechargeAmountProblem(
  amountFils: Fils,
  range: RechargeRange,
): { message: string; values: { min: { fils: Fils }; max: { fils: Fils } } } | null {
  if (amountFils >= range.minFils && amountFils <= range.maxFils) return null;
  return {
    message: /*i18n*/ 'Enter an amount from {min} to {max}.',
    values: { min: { fils: range.minFils }, max: { fils: range.maxFils } },
  };
}

const amountRangeInEnglish = (range: RechargeRange) =>
  `Enter an amount from ${formatAed(range.minFils)} to ${formatAed(range.maxFils)}.`;

/**
 * The operators a request may name: the spec's values too, whose `vodafone` is Vi (Vodafone
 * Idea), taken and kept as `vi`.
 */
const RECHARGE_OPERATOR_INPUTS = [...RECHARGE_OPERATORS, 'vodafone'] as const;

/**
 * The body of POST /api/recharge-requests. The range of the amount lives in the settings, so
 * the server checks it against the current ones (422 on `amount`); a form that has read them
 * uses `rechargeRequestWithin`.
 */
export const rechargeRequest = z.object({
  operator: z
    .enum(RECHARGE_OPERATOR_INPUTS, {
      error: /*i18n*/ 'Choose an operator: Airtel, Jio, Vi or BSNL.',
    })
    .transform((operator): RechargeOperator => (operator === 'vodafone' ? 'vi' : operator)),
  number: indianMobileNumber,
  amount: positiveAedInput,
});
export type RechargeRequest = z.input<typeof rechargeRequest>;

/**
 * The same request with the settings' range checked on the amount itself. `inLanguage` says
 * the sentence in the reader's language (the web app's texts); without it, or when it has no
 * words for it, the sentence is English.
 */
export const rechargeRequestWithin = (
  range: RechargeRange,
  inLanguage?: (
    problem: NonNullable<ReturnType<typeof rechargeAmountProblem>>,
  ) => string | undefined,
) =>
  rechargeRequest.extend({
    amount: positiveAedInput.superRefine((fils, ctx) => {
      const problem = rechargeAmountProblem(fils, range);
      if (problem)
        ctx.addIssue({
          code: 'custom',
          message: inLanguage?.(problem) ?? amountRangeInEnglish(range),
        });
    }),
  });

export const recharge = z
  .object({
    id: z.number().int(),
    operator: z.enum(RECHARGE_OPERATORS),
    number: z.string().meta({ description: 'Ten digits, without +91.' }),
    amount: aedOutput,
    state: rechargeState,
    reference: z.string().nullable().meta({ description: "The operator's reference, when done." }),
    reason: z.string().nullable().meta({ description: 'Why it was refused.' }),
    created_at: z.string(),
    decided_at: z.string().nullable(),
  })
  .meta({ id: 'Recharge' });
export type Recharge = z.infer<typeof recharge>;

export const rechargeCreatedResponse = z.object({ message: z.string(), request: recharge });

export const adminRecharge = recharge.extend({ member: memberRef }).meta({ id: 'AdminRecharge' });
export type AdminRecharge = z.infer<typeof adminRecharge>;

export const adminRechargesQuery = listQuery.extend({ state: rechargeState.default('requested') });

export const rechargeDoneRequest = z.object({
  reference: text(100, {
    required: /*i18n*/ 'Reference is required.',
    tooLong: /*i18n*/ 'Reference must be at most 100 characters.',
    notAllowed: /*i18n*/ 'Reference contains characters that are not allowed.',
  }).meta({
    description: "The operator's transaction reference, which the member can quote.",
  }),
});
export type RechargeDoneRequest = z.input<typeof rechargeDoneRequest>;

export const rechargeDecidedResponse = z.object({ message: z.string(), request: adminRecharge });
