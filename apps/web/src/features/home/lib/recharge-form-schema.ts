import type { z } from 'zod';
import {
  rechargeRequest,
  rechargeRequestWithin,
  type RechargeRange,
} from '@jamiya/contracts/recharge';
import type { RechargeText } from './recharge-form.ts';

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
