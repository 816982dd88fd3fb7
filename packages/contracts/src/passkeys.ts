import { z } from 'zod';
import { oneLine } from './common.ts';

// Passkeys (decision 064): the options and responses are SimpleWebAuthn's JSON, as the browser's
// @simplewebauthn/browser makes and reads them; each field bounded, as anything a client sends.

const INCOMPLETE = /*i18n*/ 'The passkey answer is not complete.';
const b64url = (max: number) =>
  z
    .string({ error: INCOMPLETE })
    .max(max, /*i18n*/ 'The passkey answer is too long.')
    .regex(/^[A-Za-z0-9_-]*$/, INCOMPLETE);

const credentialId = b64url(1_400).min(1, INCOMPLETE);

const credential = {
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key', { error: INCOMPLETE }),
  clientExtensionResults: z.looseObject({}).optional().default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

export const registrationResponseJson = z.object(
  {
    ...credential,
    response: z.object(
      {
        clientDataJSON: b64url(8_000),
        attestationObject: b64url(64_000),
        transports: z
          .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
          .max(10)
          .optional(),
        publicKeyAlgorithm: z.number().int().optional(),
        publicKey: b64url(8_000).optional(),
        authenticatorData: b64url(64_000).optional(),
      },
      { error: INCOMPLETE },
    ),
  },
  { error: INCOMPLETE },
);

export const authenticationResponseJson = z.object(
  {
    ...credential,
    response: z.object(
      {
        clientDataJSON: b64url(8_000),
        authenticatorData: b64url(64_000),
        signature: b64url(2_000),
        userHandle: b64url(200).optional(),
      },
      { error: INCOMPLETE },
    ),
  },
  { error: INCOMPLETE },
);

/** What the browser passes to navigator.credentials (SimpleWebAuthn's options JSON). */
export const passkeyOptions = z
  .looseObject({ challenge: z.string(), timeout: z.number().optional() })
  .meta({ description: "SimpleWebAuthn's options JSON, for @simplewebauthn/browser." });

export const passkeyName = oneLine(60, {
  required: /*i18n*/ 'Give the passkey a name.',
  tooLong: /*i18n*/ 'The name must be at most 60 characters.',
  notAllowed: /*i18n*/ 'The name contains characters that are not allowed.',
});

export const passkeyRegistrationRequest = z.object({
  response: registrationResponseJson,
  name: passkeyName.optional(),
});

export const passkeyAuthenticationOptionsRequest = z.object({
  email: z.string().trim().max(254).optional(),
});

export const passkeyAuthenticationRequest = z.object({ response: authenticationResponseJson });

export const passkeyView = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  suspended: z.boolean().meta({
    description: 'Stopped for good: its count went backwards, as a copied passkey would.',
  }),
});
export type PasskeyView = z.infer<typeof passkeyView>;

export const passkeyList = z.object({ data: z.array(passkeyView) });
export const passkeyCreated = z.object({ passkey: passkeyView, message: z.string() });
