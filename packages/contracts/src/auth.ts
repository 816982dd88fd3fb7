import { z } from 'zod';

import { PASSWORD_MAX, PASSWORD_MIN } from './values.ts';

export { PASSWORD_MAX, PASSWORD_MIN };

export const loginRequest = z.object({
  email: z
    .string({ error: 'Email is required.' })
    .trim()
    .min(1, 'Email is required.')
    .max(254, 'Email is too long.')
    .pipe(z.email({ error: 'Enter a valid email address.' })),
  password: z
    .string({ error: 'Password is required.' })
    .min(1, 'Password is required.')
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_at: z.string(),
  message: z.string(),
});

export const newPassword = z
  .string({ error: 'New password is required.' })
  .min(PASSWORD_MIN, `The new password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `The new password must be at most ${PASSWORD_MAX} characters.`);

/** A new password typed twice, as the fields of a request that `newPasswordsMatch` checks. */
export const newPasswordTwice = {
  password: newPassword,
  password_confirmation: z
    .string({ error: 'Please confirm the new password.' })
    .min(1, 'Please confirm the new password.')
    .max(PASSWORD_MAX, 'The confirmation is too long.'),
};

/** Refuses a request holding `newPasswordTwice` whose two passwords differ. */
export function newPasswordsMatch<O extends { password: string; password_confirmation: string }, I>(
  schema: z.ZodType<O, I>,
) {
  return schema.refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The two new passwords do not match.',
  });
}

export const passwordChangeRequest = newPasswordsMatch(
  z.object({
    old_password: z
      .string({ error: 'Current password is required.' })
      .min(1, 'Current password is required.')
      .max(PASSWORD_MAX, 'Current password is too long.'),
    ...newPasswordTwice,
  }),
);
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;
