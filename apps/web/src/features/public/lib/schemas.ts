import { z } from 'zod';
import { loginRequest } from '@jamiya/contracts/auth';
import { text } from '@jamiya/contracts/common';

// The membership application of PRODUCT.md section 6. No call takes it yet; when the
// treasurer-side work adds one, this schema moves to @jamiya/contracts and the server
// validates the same body. The messages are English sentences, shown through
// translateMessage like the contracts' own.
export const membershipApplication = z.object({
  name: text('Full name', 100),
  email: loginRequest.shape.email,
  mobile: z
    .string()
    .trim()
    .min(1, 'Mobile number is required.')
    .regex(/^\+?[0-9 ]{7,20}$/, 'Enter a phone number of 7 to 20 digits.'),
  passport_or_nid: text('Passport or ID number', 40),
  address: text('Address', 300),
});
export type MembershipApplication = z.input<typeof membershipApplication>;

export const passwordResetRequest = z.object({ email: loginRequest.shape.email });
export type PasswordResetRequest = z.input<typeof passwordResetRequest>;
