import type { z } from 'zod';
import {
  rechargeRequest,
  rechargeRequestWithin,
  type RechargeRange,
} from '@jamiya/contracts/recharge';
import { formatMoney } from '@jamiya/money/format';
import { i18n } from '../../../lib/i18n.tsx';
import type { RechargeText } from './recharge-form.ts';

/**
 * The form keeps what the member types (all text, the operator '' until chosen) and hands it
 * to the shared schema: with the settings' range once they are loaded, without it before (the
 * server checks the range either way).
 */
export function rechargeFormSchema(range: RechargeRange | null) {
  // The shared schema also takes a number for the amount; a form gives only strings, and zod
  // types a schema's input covariantly, so narrowing it needs a cast (a sound one).
  return (range
    ? rechargeRequestWithin(range, rangeInLanguage)
    : rechargeRequest) as unknown as z.ZodType<z.output<typeof rechargeRequest>, RechargeText>;
}

/** The range's sentence in the page's language, when its texts have it (the `messages` namespace). */
function rangeInLanguage(problem: {
  message: string;
  values: Record<'min' | 'max', { fils: number }>;
}): string | undefined {
  const { message, values } = problem;
  if (!i18n.exists(`messages.${message}`)) return undefined;
  return i18n._(`messages.${message}`, {
    min: formatMoney(values.min.fils, i18n.language),
    max: formatMoney(values.max.fils, i18n.language),
  });
}
