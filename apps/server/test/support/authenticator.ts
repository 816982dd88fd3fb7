import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

// A software authenticator for the API tests of passkeys: it makes and signs the responses a
// phone would (P-256, attestation "none", user present and verified), with node:crypto, so the
// server's SimpleWebAuthn checks real signatures. Each call may be bent to play an attacker:
// another origin, no user verification, a count set back.

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface Ceremony {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
}

export interface Bend {
  origin?: string;
  rpId?: string;
  userVerified?: boolean;
  counter?: number;
  challenge?: string;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  counter = 0;

  constructor(
    readonly origin: string,
    readonly rpId = new URL(origin).hostname,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    this.publicJwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** What both ceremonies' answers say of the credential, around their `response`. */
  private credential() {
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  private authData(bend: Bend, attested: boolean): Buffer {
    const flags = 0x01 | (bend.userVerified === false ? 0 : 0x04) | (attested ? 0x40 : 0);
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(bend.counter ?? this.counter);
    const parts = [sha256(bend.rpId ?? this.rpId), Buffer.from([flags]), counter];
    if (attested) {
      const cose = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2], // kty: EC2
          [3, -7], // alg: ES256
          [-1, 1], // crv: P-256
          [-2, Buffer.from(this.publicJwk.x, 'base64url')],
          [-3, Buffer.from(this.publicJwk.y, 'base64url')],
        ]),
      );
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), length, this.credentialId, Buffer.from(cose));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, options: Ceremony, bend: Bend): Buffer {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge: bend.challenge ?? options.challenge,
        origin: bend.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
  }

  /** What navigator.credentials.create() answers, as @simplewebauthn/browser sends it. */
  register(options: Ceremony, bend: Bend = {}) {
    const clientDataJSON = this.clientData('webauthn.create', options, bend);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', this.authData(bend, true)],
      ]) as never,
    );
    return {
      ...this.credential(),
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** What navigator.credentials.get() answers; the count goes up by one unless bent. */
  authenticate(options: Ceremony, bend: Bend = {}) {
    if (bend.counter === undefined) this.counter += 1;
    const clientDataJSON = this.clientData('webauthn.get', options, bend);
    const authenticatorData = this.authData(bend, false);
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      this.privateKey,
    );
    return {
      ...this.credential(),
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
      },
    };
  }
}
