import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { errorBody } from '@jamiya/contracts/common';
import {
  profileLanguageRequest,
  profilePaydayRequest,
  profileResponse,
  profileUpdateFields,
  profileUpdateResponse,
} from '@jamiya/contracts/profile';
import { myAccountData } from '@jamiya/contracts/payments';
import { uploadedFile } from '../../lib/uploaded-file.ts';
import { currentUser, currentUserRow, requireUser } from '../sessions/public.ts';
import { toUserData } from '../users/public.ts';
import { myAccountAnswer, type KeptAnswer } from './account-data.ts';
import { saveOwn, updatedProfile } from './profile-update.ts';
import { refusedUpload, secured } from '../../lib/route-kit.ts';

// Sessions whose account answer is kept: about 15 MB at the most.
const KEPT_ANSWERS = 5_000;

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.deps;

  app.get(
    '/profile',
    {
      onRequest: requireUser,
      schema: {
        tags: ['members'],
        operationId: 'members.getProfile',
        summary: 'The signed-in member',
        description: 'For anyone signed in, a member or an admin: their own account as `userData`.',
        ...secured,
        response: { 200: profileResponse, 401: errorBody },
      },
    },
    async (request) => ({ userData: toUserData(currentUserRow(request)) }),
  );

  app.post(
    '/profile/update',
    {
      onRequest: requireUser,
      schema: {
        tags: ['members'],
        operationId: 'members.updateProfile',
        summary: 'Update the profile (multipart; optional image)',
        description:
          'For anyone signed in, a member or an admin, on their own profile: the fields sent change, and `image` (JPEG, PNG, WebP or HEIC) becomes the photo; answers the profile as it now stands.',
        ...secured,
        consumes: ['multipart/form-data'],
        body: profileUpdateFields.extend({
          image: uploadedFile('Photo', /*i18n*/ 'Photo must be a file.').optional(),
        }),
        response: { 200: profileUpdateResponse, 401: errorBody, ...refusedUpload },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { image, ...fields } = request.body;
      return {
        message: /*i18n*/ 'Your profile has been updated.',
        userData: await updatedProfile({ db, storage }, me.userId, fields, image, request.ip),
      };
    },
  );

  app.post(
    '/profile/language',
    {
      onRequest: requireUser,
      schema: {
        tags: ['members'],
        operationId: 'members.setLanguage',
        summary: 'Keep the language the signed-in person reads the app, mails and reminders in',
        description:
          'For anyone signed in, a member or an admin, on their own account; answers the profile as it now stands.',
        ...secured,
        body: profileLanguageRequest,
        response: { 200: profileUpdateResponse, 400: errorBody, 401: errorBody, 422: errorBody },
      },
    },
    async (request) =>
      saveOwn(
        db,
        { userId: currentUser(request).userId, ip: request.ip },
        { language: request.body.language },
        'user.language',
        /*i18n*/ 'Your language has been saved.',
        new Date(),
      ),
  );

  app.post(
    '/profile/payday',
    {
      onRequest: requireUser,
      schema: {
        tags: ['members'],
        operationId: 'members.setPayday',
        summary: 'Keep the day of the month the signed-in person’s dues fall due',
        description:
          'For anyone signed in, on their own account, without the rest of the profile: null is the association’s due day again. Answers the profile as it now stands.',
        ...secured,
        body: profilePaydayRequest,
        response: { 200: profileUpdateResponse, 400: errorBody, 401: errorBody, 422: errorBody },
      },
    },
    async (request) =>
      saveOwn(
        db,
        { userId: currentUser(request).userId, ip: request.ip },
        { payday: request.body.payday },
        'user.profile_update',
        /*i18n*/ 'Your payday has been saved.',
        new Date(),
      ),
  );

  // The answers of GET /api/my-account-data kept per session, used again while the member's
  // account_version, row, monthly due and day are unchanged, all of which the one statement
  // reads on every request: so a change made by any process shows at once
  // (docs/decisions/011-kept-account-answers.md). About 3 KB each.
  const keptAnswers = new LRUCache<string, KeptAnswer>({ max: KEPT_ANSWERS });

  app.get(
    '/my-account-data',
    {
      // The session is checked in the statement that reads the account (withSession): the
      // member's home page reads this on every visit, so it is one round trip.
      schema: {
        tags: ['members'],
        operationId: 'members.getMyAccountData',
        summary: 'Balances and the monthly dues of the signed-in member',
        description:
          "For a signed-in member (an admin without membership is refused, 403): savings, loan balance, `due_balance`, what is under review, and each month's due with its status, as the member's home page shows them.",
        ...secured,
        response: { 200: myAccountData, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      const answer = await myAccountAnswer(app, request, keptAnswers, new Date());
      // Checked against the schema and serialized by accountAnswer: Fastify sends JSON text
      // as it is (the type provider only knows objects).
      return reply.type('application/json; charset=utf-8').send(answer.json as never);
    },
  );
};
