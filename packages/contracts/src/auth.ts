import { z } from 'zod';

import { PASSWORD_MAX, PASSWORD_MIN } from './values.ts';

export { PASSWORD_MAX, PASSWORD_MIN };

export const loginRequest = z.object({
  email: z
    .string({ error: /*i18n*/ 'Email is required.' })
    .trim()
    .min(1, /*i18n*/ 'Email is required.')
    .max(254, /*i18n*/ 'Email is too long.')
    .pipe(z.email({ error: /*i18n*/ 'Enter a valid email address.' })),
  password: z
    .string({ error: /*i18n*/ 'Password is required.' })
    .min(1, /*i18n*/ 'Password is required.')
    .max(PASSWORD_MAX, /*i18n*/ 'Password must be at most 128 characters.'),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_at: z.string(),
  message: z.string(),
});

export const newPassword = z
  .string({ error: /*i18n*/ 'New password is required.' })
  .min(PASSWORD_MIN, /*i18n*/ 'The new password must be at least 8 characters.')
  .max(PASSWORD_MAX, /*i18n*/ 'The new password must be at most 128 characters.');

/** A new password typed twice, as the fields of a request that `newPasswordsMatch` checks. */
export const newPasswordTwice = {
  password: newPassword,
  password_confirmation: z
    .string({ error: /*i18n*/ 'Please confirm the new password.' })
    .min(1, /*i18n*/ 'Please confirm the new password.')
    .max(PASSWORD_MAX, /*i18n*/ 'The confirmation is too long.'),
};

/** Refuses a request holding `newPasswordTwice` whose two passwords differ. */
export function newPasswordsMatch<O extends { password: string; password_confirmation: string }, I>(
  schema: z.ZodType<O, I>,
) {
  return schema.refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: /*i18n*/ 'The two new passwords do not match.',
  });
}

export const passwordChangeRequest = newPasswordsMatch(
  z.object({
    old_password: z
      .string({ error: /*i18n*/ 'Current password is required.' })
      .min(1, /*i18n*/ 'Current password is required.')
      .max(PASSWORD_MAX, /*i18n*/ 'Current password is too long.'),
    ...newPasswordTwice,
  }),
);
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;
