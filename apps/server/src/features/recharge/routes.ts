import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reasonRequest } from '@jamiya/contracts/admin';
import { errorBody, listOf, listQuery } from '@jamiya/contracts/common';
import {
  adminRecharge,
  adminRechargesQuery,
  recharge,
  rechargeCreatedResponse,
  rechargeDecidedResponse,
  rechargeDoneRequest,
  rechargeRequest,
} from '@jamiya/contracts/recharge';
import { sentence, translate } from '../../lib/i18n.ts';
import { requestLanguage } from '../../lib/language.ts';
import { parseCursor } from '../../lib/pagination.ts';
import { currentUser, requireCurrentMember, requireMember, actorOf } from '../sessions/public.ts';
import { rechargeValues } from '../notifications/public.ts';
import { installIdempotency } from '../../plugins/idempotency.ts';
import { idParams, refused, refusedDecision, secured } from '../../lib/route-kit.ts';
import { requireReason } from '../../lib/reason.ts';
import {
  adminRechargesPage,
  askForRecharge,
  decideRecharge,
  myRechargesPage,
  toRechargeView,
} from './recharges.ts';

/** The member's calls, under /api. */
export const rechargeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  installIdempotency(app);

  app.post(
    '/recharge-requests',
    {
      config: { idempotent: true },
      onRequest: requireCurrentMember,
      schema: {
        tags: ['recharge'],
        operationId: 'recharge.request',
        summary: 'Ask the committee for a mobile recharge',
        description:
          'Operator airtel, jio, vi or bsnl; a 10-digit Indian mobile number (with or without +91); ' +
          "an amount in AED within the settings' recharge range (422 on `amount` otherwise). " +
          'Nothing is deducted from savings. Inactive members are refused (403).',
        ...secured,
        body: rechargeRequest,
        response: {
          201: rechargeCreatedResponse,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          422: errorBody,
          429: errorBody,
        },
      },
    },
    async (request, reply) => {
      const created = await askForRecharge(db, currentUser(request), request.body, {
        perDay: app.deps.limits.rechargeRequestsPerDay,
        ip: request.ip,
        now: new Date(),
      });
      reply.code(201);
      return {
        message: translate(
          requestLanguage(request),
          sentence(
            /*i18n*/ 'Your recharge request was received: {amount} for {number} ({operator}). The committee will make the recharge and you will see here when it is done. After a recharge is made, the money may take at least 3-4 minutes to be added to the balance. Nothing is deducted from your savings.',
            rechargeValues(created),
          ),
        ),
        request: toRechargeView(created),
      };
    },
  );

  app.get(
    '/recharge-requests',
    {
      onRequest: requireMember,
      schema: {
        tags: ['recharge'],
        operationId: 'recharge.listMine',
        summary: 'The recharge requests of the signed-in member, newest first',
        description:
          "For a signed-in member (an admin without membership is refused, 403): each request with its state (requested, done or refused), and the operator's reference or the reason.",
        ...secured,
        querystring: listQuery,
        response: { 200: listOf(recharge), 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) =>
      myRechargesPage(db, currentUser(request).userId, {
        cursor: parseCursor(request.query.cursor),
        limit: request.query.limit,
      }),
  );
};

/** The admin's calls, inside /api/admin (every route there requires an admin). */
export const rechargeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/recharge-requests',
    {
      schema: {
        tags: ['recharge'],
        operationId: 'recharge.list',
        summary: 'Mobile recharge requests by state, newest first, with the member',
        description: 'For an active admin: `state` picks requested (the default), done or refused.',
        ...secured,
        querystring: adminRechargesQuery,
        response: { 200: listOf(adminRecharge), ...refused },
      },
    },
    async (request) =>
      adminRechargesPage(db, { ...request.query, cursor: parseCursor(request.query.cursor) }),
  );

  app.post(
    '/recharge-requests/:id/done',
    {
      config: { idempotent: true },
      schema: {
        tags: ['recharge'],
        operationId: 'recharge.markDone',
        summary: "Mark a requested recharge done, with the operator's reference; tells the member",
        description:
          'For an active admin, on a request not yet decided (409 otherwise); the member reads the reference.',
        ...secured,
        params: idParams,
        body: rechargeDoneRequest,
        response: { 200: rechargeDecidedResponse, ...refusedDecision },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const decided = await decideRecharge(
        db,
        request.params.id,
        { state: 'done', reference: request.body.reference },
        actor,
        new Date(),
      );
      return {
        message: translate(
          requestLanguage(request),
          sentence(/*i18n*/ 'The recharge for {name} was marked done.', {
            name: decided.member.name,
          }),
        ),
        request: decided,
      };
    },
  );

  app.post(
    '/recharge-requests/:id/refuse',
    {
      config: { idempotent: true },
      schema: {
        tags: ['recharge'],
        operationId: 'recharge.refuse',
        summary: 'Refuse a requested recharge with a reason the member reads',
        description:
          'For an active admin, on a request not yet decided (409 otherwise); the member is notified.',
        ...secured,
        params: idParams,
        body: reasonRequest,
        response: { 200: rechargeDecidedResponse, ...refusedDecision },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const reason = requireReason(request.body.reason);
      const decided = await decideRecharge(
        db,
        request.params.id,
        { state: 'refused', reason },
        actor,
        new Date(),
      );
      return {
        message: translate(
          requestLanguage(request),
          sentence(/*i18n*/ 'The recharge request of {name} was refused.', {
            name: decided.member.name,
          }),
        ),
        request: decided,
      };
    },
  );
};
