import type { z } from 'zod';
import type { rechargeRequest, RechargeRange } from '@jamiya/contracts/recharge';
import { tryParseAed } from '@jamiya/money/fils';
import type { PublicSettings } from '@jamiya/contracts/settings';

export type RechargeText = { operator: string; number: string; amount: string };

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
