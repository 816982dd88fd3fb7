import { z } from 'zod';
import { intInput, text } from './common.ts';
import { personName, postalAddress } from './membership.ts';
import { LANGUAGES } from './languages.ts';

export const language = z
  .enum(LANGUAGES, {
    error: /*i18n*/ "Choose one of the app's languages: en, ar, hi, ur, bn, ml.",
  })
  .meta({ id: 'Language', description: 'en, ar, hi, ur, bn or ml.' });

export const userData = z
  .object({
    id: z.number().int(),
    unique_id: z.string(),
    name: z.string(),
    email: z.string(),
    mobile: z.string().nullable(),
    address: z.string().nullable(),
    gender: z.enum(['male', 'female']).nullable(),
    profession_id: z.number().int(),
    status: z.union([z.literal(1), z.literal(0)]),
    role: z.enum(['member', 'admin']),
    is_member: z.boolean().meta({
      description:
        'False for an admin who is not a member: no dues, no member area (an admin may be both).',
    }),
    image: z
      .string()
      .nullable()
      .meta({ description: 'URL of the photo (GET, bearer token) or null.' }),
    wallet: z.string().nullable(),
    left_on: z.string().nullable().meta({
      description:
        'The day the membership ended (docs/domain/leaving.md): the account is read-only since; null for a member.',
    }),
    payday: z.number().int().nullable().meta({
      description:
        "The day of the month the member's salary usually comes: their dues fall due on it (null: the association's due day).",
    }),
    language: language.meta({
      description: 'The language the member reads the app, the mails and the reminders in.',
    }),
    created_at: z.string(),
  })
  .meta({ id: 'UserData' });
export type UserData = z.infer<typeof userData>;

export const profileResponse = z.object({ userData });

/**
 * The text fields of POST /api/profile/update (multipart; `image` is an optional file).
 * `address` may be missing: the spec's client misnames its address input and never sends it
 * (docs/product.md section 7), and it must keep working; the address then stays as it was.
 */
export const profileUpdateFields = z.object({
  name: personName,
  address: postalAddress.optional(),
  wallet: text(100, {
    required: /*i18n*/ 'Wallet is required.',
    tooLong: /*i18n*/ 'Wallet must be at most 100 characters.',
    notAllowed: /*i18n*/ 'Wallet contains characters that are not allowed.',
  }),
  profession_id: intInput(/*i18n*/ 'Profession must be a number.')
    .pipe(z.number().int(/*i18n*/ 'Choose a profession.').positive(/*i18n*/ 'Choose a profession.'))
    .optional(),
  gender: z
    .union([z.enum(['male', 'female']), z.literal('')], {
      error: /*i18n*/ 'Gender must be male or female.',
    })
    .optional()
    .transform((g) => (g ? g : undefined)),
  mobile: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ]{7,20}$/, /*i18n*/ 'Enter a phone number of 7 to 20 digits.')
    .optional(),
  // Empty: the association's due day again; missing: left as it is (the spec's client).
  payday: z
    .union([
      z.literal('').transform(() => null),
      intInput(/*i18n*/ 'Payday must be a day of the month, 1 to 31.').pipe(
        z
          .number()
          .int(/*i18n*/ 'Payday must be a day of the month, 1 to 31.')
          .min(1, /*i18n*/ 'Payday must be a day of the month, 1 to 31.')
          .max(31, /*i18n*/ 'Payday must be a day of the month, 1 to 31.'),
      ),
    ])
    .optional(),
});

export const profileUpdateResponse = z.object({ message: z.string(), userData });

const PAYDAY_IS_A_DAY = /*i18n*/ 'Payday must be a day of the month, 1 to 31.';

/**
 * POST /api/profile/payday: the day of the month the member's dues fall due, on its own (the
 * profile update asks for a wallet, which a payday has nothing to do with); null: the
 * association's due day again.
 */
export const profilePaydayRequest = z
  .object({
    payday: z
      .number({ error: PAYDAY_IS_A_DAY })
      .int(PAYDAY_IS_A_DAY)
      .min(1, PAYDAY_IS_A_DAY)
      .max(31, PAYDAY_IS_A_DAY)
      .nullable(),
  })
  .meta({ id: 'PaydayRequest' });

/** POST /api/profile/language: the language the member chose, kept on the profile. */
export const profileLanguageRequest = z.object({ language });
