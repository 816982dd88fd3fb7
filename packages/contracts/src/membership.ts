import { z } from 'zod';
import { loginRequest, newPasswordsMatch, newPasswordTwice } from './auth.ts';
import { oneLine, text } from './common.ts';
import { LINK_TOKEN_MAX, LINK_TOKEN_MIN } from './values.ts';

/** A mobile number as members type it: digits, spaces, an optional leading +. */
export const mobileNumber = z
  .string({ error: /*i18n*/ 'Mobile number is required.' })
  .trim()
  .min(1, /*i18n*/ 'Mobile number is required.')
  .regex(/^\+?[0-9 ]{7,20}$/, /*i18n*/ 'Enter a phone number of 7 to 20 digits.');

export const emailAddress = loginRequest.shape.email;

/** A person's name, address and passport or national ID, as members and applicants give them. */
export const personName = oneLine(100, {
  required: /*i18n*/ 'Name is required.',
  tooLong: /*i18n*/ 'Name must be at most 100 characters.',
  notAllowed: /*i18n*/ 'Name contains characters that are not allowed.',
});
export const postalAddress = text(300, {
  required: /*i18n*/ 'Address is required.',
  tooLong: /*i18n*/ 'Address must be at most 300 characters.',
  notAllowed: /*i18n*/ 'Address contains characters that are not allowed.',
});
export const nationalId = oneLine(40, {
  required: /*i18n*/ 'Passport or national ID is required.',
  tooLong: /*i18n*/ 'Passport or national ID must be at most 40 characters.',
  notAllowed: /*i18n*/ 'Passport or national ID contains characters that are not allowed.',
});

/** Join Now (docs/product.md section 6): a visitor asks to become a member. */
export const joinRequest = z.object({
  name: personName,
  email: emailAddress,
  mobile: mobileNumber,
  national_id: nationalId,
  address: postalAddress,
});
export type JoinRequest = z.input<typeof joinRequest>;

export const forgotPasswordRequest = z.object({ email: emailAddress });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;

/** Sets a password with the token of a one-time link (invitation or reset). */
export const setPasswordRequest = newPasswordsMatch(
  z.object({
    token: z
      .string({ error: /*i18n*/ 'The link is incomplete.' })
      .trim()
      .min(LINK_TOKEN_MIN, /*i18n*/ 'The link is incomplete.')
      .max(LINK_TOKEN_MAX, /*i18n*/ 'The link is not valid.'),
    ...newPasswordTwice,
  }),
);
export type SetPasswordRequest = z.input<typeof setPasswordRequest>;

/** A one-time link to set a password, as an admin sees it (to hand over in person). */
export const passwordLink = z
  .object({ url: z.string(), expires_at: z.string() })
  .meta({ id: 'PasswordLink' });
export type PasswordLink = z.infer<typeof passwordLink>;
