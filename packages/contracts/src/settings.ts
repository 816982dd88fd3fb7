import { z } from 'zod';
import { aedOutput } from './common.ts';

export const publicSettings = z
  .object({
    association_name: z.string(),
    currency: z.literal('AED'),
    monthly_due: aedOutput,
    loan_policy: z.object({
      minimum: aedOutput,
      maximum: aedOutput,
      step: aedOutput,
      default: aedOutput,
      interest_rate_percent: z.number(),
      terms: z.array(z.number().int()),
      allow_custom_term: z.boolean(),
      max_custom_term: z.number().int(),
    }),
    terms_text: z.string(),
    payment_instructions: z.string().meta({
      description:
        'Where members send the money (bank, account name, IBAN, Botim...): free text, one line each.',
    }),
    recharge: z
      .object({ minimum: aedOutput, maximum: aedOutput })
      .meta({ description: 'The amounts a member may ask for in a mobile recharge request.' }),
  })
  .meta({ id: 'Settings' });
export type PublicSettings = z.infer<typeof publicSettings>;
