import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginResponse } from '@jamiya/contracts/auth';
import { errorBody, idParams, messageBody } from '@jamiya/contracts/common';
import {
  passkeyAuthenticationOptionsRequest,
  passkeyAuthenticationRequest,
  passkeyCreated,
  passkeyList,
  passkeyOptions,
  passkeyRegistrationRequest,
} from '@jamiya/contracts/passkeys';
import { currentUser, currentUserRow, requireUser } from '../sessions/public.ts';
import { registrationOptions } from './passkey-ceremonies.ts';
import {
  addPasskey,
  passkeysOf,
  removePasskey,
  rpOf,
  signInOptions,
  signInWithPasskey,
} from './passkeys.ts';

// Passkeys beside the password (decision 064): SimpleWebAuthn's two ceremonies, and the
// member's list of their passkeys.

const secured = { tags: ['passkeys'], security: [{ bearer: [] }] };

export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, sealKey } = app.deps;

  app.post(
    '/passkeys/registration/options',
    {
      onRequest: requireUser,
      schema: {
        ...secured,
        operationId: 'passkeys.registrationOptions',
        summary: 'Options to add a passkey on this phone',
        description:
          'Its challenge works once, for 60 s. Passkeys already added are excluded; the phone asks for its screen lock or fingerprint.',
        response: { 200: passkeyOptions, 401: errorBody },
      },
    },
    async (request) => {
      const me = currentUserRow(request);
      return {
        ...(await registrationOptions(
          db,
          rpOf(app),
          sealKey,
          { id: me.id, email: me.email, name: me.name },
          new Date(),
        )),
      };
    },
  );

  app.post(
    '/passkeys/registration',
    {
      onRequest: requireUser,
      schema: {
        ...secured,
        operationId: 'passkeys.register',
        summary: 'Add the passkey the phone made',
        description:
          'Refused (422) when the challenge expired, was used, is another account’s, or the response does not verify (origin, user verification); 409 when the passkey is already added.',
        body: passkeyRegistrationRequest,
        response: {
          201: passkeyCreated,
          401: errorBody,
          409: errorBody,
          422: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = currentUserRow(request);
      const passkey = await addPasskey(app, request, me, request.body, new Date());
      reply.code(201);
      return {
        passkey,
        message:
          /*i18n*/ 'Your passkey is added. Next time, sign in with your fingerprint or screen lock.',
      };
    },
  );

  app.post(
    '/passkeys/authentication/options',
    {
      schema: {
        tags: ['passkeys'],
        operationId: 'passkeys.authenticationOptions',
        summary: 'Options to sign in with a passkey',
        description:
          'The same shape whether or not the e-mail is known: the phone offers the passkeys it holds for this site. Its challenge works once, for 60 s. At most 120 from one address in 15 minutes (429).',
        body: passkeyAuthenticationOptionsRequest,
        response: { 200: passkeyOptions, 422: errorBody, 429: errorBody },
      },
    },
    async (request) => signInOptions(app, request.ip, new Date()),
  );

  app.post(
    '/passkeys/authentication',
    {
      schema: {
        tags: ['passkeys'],
        operationId: 'passkeys.signIn',
        summary: 'Sign in with a passkey',
        description:
          'Answers as POST /api/login does. 401 for an unknown passkey, an expired or used challenge, another origin, a failed signature or user verification, and a passkey whose count went backwards (it is then suspended for good, and the member and the admins are told). Throttled with the password sign-ins (429).',
        body: passkeyAuthenticationRequest,
        response: { 200: loginResponse, 401: errorBody, 422: errorBody, 429: errorBody },
      },
    },
    async (request, reply) =>
      signInWithPasskey(app, request, reply, request.body.response, new Date()),
  );

  app.get(
    '/passkeys',
    {
      onRequest: requireUser,
      schema: {
        ...secured,
        operationId: 'passkeys.list',
        summary: 'My passkeys: their names, when added, when last used',
        description: 'The signed-in account’s own passkeys, a suspended one included.',
        response: { 200: passkeyList, 401: errorBody },
      },
    },
    async (request) => ({ data: await passkeysOf(db, currentUser(request).userId) }),
  );

  app.delete(
    '/passkeys/:id',
    {
      onRequest: requireUser,
      schema: {
        ...secured,
        operationId: 'passkeys.remove',
        summary: 'Remove one of my passkeys',
        description: '404 for a passkey that is not the signed-in account’s own.',
        params: idParams,
        response: { 200: messageBody, 401: errorBody, 404: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      await removePasskey(
        db,
        currentUser(request).userId,
        request.params.id,
        request.ip,
        new Date(),
      );
      return { message: /*i18n*/ 'The passkey is removed.' };
    },
  );
};
