import type { z } from 'zod';
import {
  rechargeRequest,
  rechargeRequestWithin,
  type RechargeRange,
} from '@jamiya/contracts/recharge';
import { tryParseAed } from '@jamiya/money/fils';
import type { PublicSettings } from '@jamiya/contracts/settings';

type RechargeText = { operator: string; number: string; amount: string };

/**
 * The form keeps what the member types (all text, the operator '' until chosen) and hands it
 * to the shared schema: with the settings' range once they are loaded, without it before (the
 * server checks the range either way).
 */
export function rechargeFormSchema(range: RechargeRange | null) {
  // The shared schema also takes a number for the amount; a form gives only strings, and zod
  // types a schema's input covariantly, so narrowing it needs a cast (a sound one).
  return (range ? rechargeRequestWithin(range) : rechargeRequest) as unknown as z.ZodType<
    z.output<typeof rechargeRequest>,
    RechargeText
  >;
}

export type RechargeFormInput = RechargeText;
export type RechargeFormValues = z.output<typeof rechargeRequest>;

export const EMPTY_RECHARGE: RechargeFormInput = { operator: '', number: '', amount: '' };

export const RECHARGE_FIELDS = ['operator', 'number', 'amount'] as const;

/** The settings' range in fils (the API gives AED). */
export function rechargeRange(settings: PublicSettings | undefined): RechargeRange | null {
  if (!settings) return null;
  const minFils = tryParseAed(settings.recharge.minimum);
  const maxFils = tryParseAed(settings.recharge.maximum);
  return minFils === null || maxFils === null ? null : { minFils, maxFils };
}
