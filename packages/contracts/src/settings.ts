import { z } from 'zod';
import { TRANSLATED_LANGUAGES, type Language } from './languages.ts';
import { language } from './profile.ts';
import { proposalProposedResponse } from './proposals.ts';
import {
  loanCharge,
  loanRules,
  wholeNumber,
  loanRulesInput,
  duesRules,
  duesRulesInput,
  exitRules,
  booksRules,
} from './settings-rules.ts';
import {
  aedInput,
  aedOutput,
  booleanInput,
  intInput,
  optionalText,
  positiveAedInput,
  text,
} from './common.ts';

export {
  booksRules,
  duesRules,
  exitRules,
  loanCharge,
  loanRules,
  type LoanCharge,
} from './settings-rules.ts';

// The association's settings: as everyone reads them, and as the treasurer reads and changes
// them.

/** The treasurer's texts written in one language beside English; empty means "use English". */
const translatedTexts = z.strictObject({
  payment_instructions: optionalText(2000, {
    tooLong: /*i18n*/ 'Payment instructions must be at most 2000 characters.',
    notAllowed: /*i18n*/ 'Payment instructions contains characters that are not allowed.',
  }).optional(),
  terms_text: optionalText(5000, {
    tooLong: /*i18n*/ 'Terms and conditions must be at most 5000 characters.',
    notAllowed: /*i18n*/ 'Terms and conditions contains characters that are not allowed.',
  }).optional(),
});

/** Per language (ar, hi, ur, bn, ml), the texts written in it; English is the main fields'. */
export const textTranslations = z
  .strictObject(
    Object.fromEntries(TRANSLATED_LANGUAGES.map((l) => [l, translatedTexts.optional()])) as Record<
      Exclude<Language, 'en'>,
      z.ZodOptional<typeof translatedTexts>
    >,
  )
  .meta({
    description:
      'The payment instructions and loan terms in other languages than English; a text missing (or empty) falls back to the English one.',
  });
export type TextTranslations = z.infer<typeof textTranslations>;

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
      charge_called: loanCharge,
      terms: z.array(z.number().int()),
      allow_custom_term: z.boolean(),
      max_custom_term: z.number().int(),
    }),
    loan_rules: loanRules,
    dues_rules: duesRules,
    exit_rules: exitRules,
    terms_text: z.string(),
    payment_instructions: z.string().meta({
      description:
        'Where members send the money (bank, account name, IBAN, Botim...): free text, one line each.',
    }),
    texts_in: z.object({ payment_instructions: language, terms_text: language }).meta({
      description:
        "The language each of the two texts above is in: the reader's (Accept-Language, then the profile), or English where the treasurer wrote none in it.",
    }),
    recharge: z
      .object({ minimum: aedOutput, maximum: aedOutput })
      .meta({ description: 'The amounts a member may ask for in a mobile recharge request.' }),
  })
  .meta({ id: 'Settings' });
export type PublicSettings = z.infer<typeof publicSettings>;

export const adminSettings = publicSettings
  .omit({ texts_in: true })
  .extend({
    translations: textTranslations,
    books_rules: booksRules,
    updated_at: z.string(),
  })
  .meta({
    id: 'AdminSettings',
    description:
      '`payment_instructions` and `terms_text` are the English texts; `translations` the others.',
  });
export type AdminSettings = z.infer<typeof adminSettings>;

const term = intInput(/*i18n*/ 'A term must be a number.').pipe(
  z
    .number()
    .int(/*i18n*/ 'Terms are whole months.')
    .min(1, /*i18n*/ 'A term is at least 1 month.')
    .max(60, /*i18n*/ 'A term is at most 60 months.'),
);

// Strict: a field the call would not change (the interest rate, the currency) is refused with
// 422 rather than answered "saved".
export const settingsUpdateRequest = z
  .strictObject({
    association_name: text(100, {
      required: /*i18n*/ 'Association name is required.',
      tooLong: /*i18n*/ 'Association name must be at most 100 characters.',
      notAllowed: /*i18n*/ 'Association name contains characters that are not allowed.',
    }),
    monthly_due: positiveAedInput,
    loan_policy: z.strictObject({
      minimum: positiveAedInput,
      maximum: positiveAedInput,
      step: positiveAedInput,
      default: positiveAedInput,
      terms: z
        .array(term)
        .min(1, /*i18n*/ 'Offer at least one term.')
        .max(12, /*i18n*/ 'Offer at most 12 terms.'),
      allow_custom_term: booleanInput,
      max_custom_term: term,
      charge_called: loanCharge.optional().meta({
        description: "What the texts call the loans' charge; left as it is when missing.",
      }),
    }),
    terms_text: text(5000, {
      required: /*i18n*/ 'Terms and conditions is required.',
      tooLong: /*i18n*/ 'Terms and conditions must be at most 5000 characters.',
      notAllowed: /*i18n*/ 'Terms and conditions contains characters that are not allowed.',
    }),
    payment_instructions: optionalText(2000, {
      tooLong: /*i18n*/ 'Payment instructions must be at most 2000 characters.',
      notAllowed: /*i18n*/ 'Payment instructions contains characters that are not allowed.',
    })
      .optional()
      .meta({ description: 'Where members send the money; left as it is when missing.' }),
    translations: textTranslations
      .optional()
      .meta({ description: 'The texts in other languages; left as they are when missing.' }),
    loan_rules: loanRulesInput
      .optional()
      .meta({ description: 'Who may borrow how much; left as they are when missing.' }),
    dues_rules: duesRulesInput
      .optional()
      .meta({ description: 'Due day, reminder, grace and fine; left as they are when missing.' }),
    exit_rules: z
      .strictObject({ share_out_at_exit: booleanInput })
      .optional()
      .meta({ description: 'What leaving pays besides the savings; left as it is when missing.' }),
    books_rules: z
      .strictObject({
        one_admin_bank_fee: aedInput
          .refine((fils) => fils >= 0, { message: /*i18n*/ 'Enter AED 0 or more.' })
          .refine((fils) => fils <= 1_000_000, { message: /*i18n*/ 'At most AED 10,000.' }),
        year_starts_in_month: wholeNumber(12)
          .pipe(z.number().min(1, /*i18n*/ 'Enter 1 or more.'))
          .optional(),
      })
      .optional()
      .meta({ description: 'What one admin may book alone; left as it is when missing.' }),
    recharge: z
      .object({ minimum: positiveAedInput, maximum: positiveAedInput })
      .optional()
      .meta({ description: 'Mobile recharge amounts; left as they are when missing.' }),
    // As the page read them: another admin's save since is 409, and nothing changes.
    updated_at: z.iso
      .datetime({
        offset: true,
        error: /*i18n*/ 'Open the settings again and make your change there.',
      })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.recharge && v.recharge.maximum < v.recharge.minimum)
      ctx.addIssue({
        code: 'custom',
        path: ['recharge', 'maximum'],
        message: /*i18n*/ 'The maximum must not be less than the minimum.',
      });
    const p = v.loan_policy;
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: ['loan_policy', path], message });
    if (p.maximum < p.minimum)
      issue('maximum', /*i18n*/ 'The maximum must not be less than the minimum.');
    if (p.default < p.minimum || p.default > p.maximum)
      issue('default', /*i18n*/ 'The default must lie between the minimum and the maximum.');
    if ((p.maximum - p.minimum) % p.step !== 0)
      issue('step', /*i18n*/ 'The step must divide the range from the minimum to the maximum.');
    if ((p.default - p.minimum) % p.step !== 0)
      issue('default', /*i18n*/ 'The default must be the minimum plus a whole number of steps.');
    if (new Set(p.terms).size !== p.terms.length)
      issue('terms', /*i18n*/ 'A term is listed twice.');
  });
export type SettingsUpdateRequest = z.input<typeof settingsUpdateRequest>;

export const settingsUpdateResponse = z.object({ message: z.string(), settings: adminSettings });

/** 202: the rest saved, a change of where members send money proposed for a second admin. */
export const settingsProposedResponse = proposalProposedResponse.extend({
  settings: adminSettings,
});
