import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, listQuery } from '@jamiya/contracts/common';
import {
  adminThread,
  conversationList,
  markReadResponse,
  messageList,
  messagesQuery,
  MESSAGE_MAX_CHARS,
  sentMessageResponse,
} from '@jamiya/contracts/messages';
import { sentence, translate } from '../../lib/i18n.ts';
import { requestLanguage } from '../../lib/language.ts';
import { parseCursor } from '../../lib/pagination.ts';
import { uploadedFile } from '../../lib/uploaded-file.ts';
import { currentUser, requireUser } from '../sessions/public.ts';
import { sendCommitteeAnswer, sendMemberMessage } from './send.ts';
import { conversationPage } from './conversations.ts';
import { markMemberRead, markRead, memberThreadPage, threadPage, threadQuery } from './thread.ts';
import { refused, secured } from '../../lib/route-kit.ts';

const sendAnswers = {
  201: sentMessageResponse,
  ...refused,
  404: errorBody,
  413: errorBody,
  415: errorBody,
  422: errorBody,
  429: errorBody,
};

// `body` is checked in the handler, not by the route schema: the error handler reads an issue
// on the path "body" as "the whole request body is wrong", which would hide the real sentence.
// Optional as a whole, so that an empty form gets the same sentence as an empty message.
const sendFields = z
  .object({
    body: z
      .unknown()
      .optional()
      .meta({
        type: 'string',
        description: `The message, 1 to ${MESSAGE_MAX_CHARS} characters.`,
      }),
    attachment: uploadedFile(
      'A photo or PDF',
      /*i18n*/ 'A photo or PDF must be a file.',
    ).optional(),
  })
  .optional();

const memberParams = z.object({
  memberId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** The member's conversation with the committee (issue 5, Contact/Chat). */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/messages',
    {
      onRequest: requireUser,
      schema: {
        tags: ['messages'],
        operationId: 'messages.listMine',
        summary:
          'The conversation with the committee: newest first, or (with after) the newer ones',
        description:
          'Without `after`: newest first; `next_cursor` asks for older messages. With `after` (the newest id held): only newer messages, oldest first; `next_cursor`, when set, is the `after` of the next page.',
        ...secured,
        querystring: messagesQuery,
        response: { 200: messageList, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => threadPage(db, currentUser(request).userId, threadQuery(request.query)),
  );

  app.post(
    '/messages',
    {
      onRequest: requireUser,
      schema: {
        tags: ['messages'],
        operationId: 'messages.send',
        summary: 'Write to the committee, optionally with a photo or a PDF',
        description:
          'For anyone signed in, a member or an admin: multipart `body` (the text) and an optional `attachment`; too many in an hour are refused (429).',
        ...secured,
        consumes: ['multipart/form-data'],
        body: sendFields,
        response: sendAnswers,
      },
    },
    async (request, reply) => {
      const item = await sendMemberMessage(app.deps, {
        memberId: currentUser(request).userId,
        body: request.body?.body,
        attachment: request.body?.attachment,
        perHour: app.deps.limits.messagesPerHour,
      });
      reply.code(201);
      return { message: /*i18n*/ 'Your message was sent to the committee.', item };
    },
  );

  app.post(
    '/messages/read',
    {
      onRequest: requireUser,
      schema: {
        tags: ['messages'],
        operationId: 'messages.markRead',
        summary: "Mark the committee's messages read",
        description:
          'For anyone signed in, a member or an admin, in their own conversation; answers how many were marked.',
        ...secured,
        response: { 200: markReadResponse, 401: errorBody },
      },
    },
    async (request) => ({ marked: await markRead(db, currentUser(request).userId, 'member') }),
  );
};

/** The committee's side: every conversation, each thread, replies (inside /api/admin). */
export const messageAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/messages',
    {
      schema: {
        tags: ['messages'],
        operationId: 'messages.listConversations',
        summary: "Conversations, newest activity first, with the member's unread messages",
        description:
          'For an active admin: one row per member with a conversation, for the whole committee.',
        ...secured,
        querystring: listQuery,
        response: { 200: conversationList, ...refused },
      },
    },
    async (request) =>
      conversationPage(db, {
        cursor: parseCursor(request.query.cursor),
        limit: request.query.limit,
      }),
  );

  app.get(
    '/messages/:memberId',
    {
      schema: {
        tags: ['messages'],
        operationId: 'messages.getConversation',
        summary: "One member's conversation, with who they are (paged like GET /api/messages)",
        description: 'For an active admin: 404 when there is no such member.',
        ...secured,
        params: memberParams,
        querystring: messagesQuery,
        response: { 200: adminThread, ...refused, 404: errorBody },
      },
    },
    async (request) => memberThreadPage(db, request.params.memberId, request.query),
  );

  app.post(
    '/messages/:memberId',
    {
      schema: {
        tags: ['messages'],
        operationId: 'messages.answer',
        summary: 'Answer a member for the committee; the member is notified',
        description:
          'For an active admin: multipart, as a member writes (`body` and an optional `attachment`); 404 when there is no such member.',
        ...secured,
        consumes: ['multipart/form-data'],
        params: memberParams,
        body: sendFields,
        response: sendAnswers,
      },
    },
    async (request, reply) => {
      const { member, item } = await sendCommitteeAnswer(app.deps, {
        memberId: request.params.memberId,
        authorId: currentUser(request).userId,
        body: request.body?.body,
        attachment: request.body?.attachment,
      });
      reply.code(201);
      return {
        message: translate(
          requestLanguage(request),
          sentence(/*i18n*/ 'Your answer was sent to {name}.', { name: member.name }),
        ),
        item,
      };
    },
  );

  app.post(
    '/messages/:memberId/read',
    {
      schema: {
        tags: ['messages'],
        operationId: 'messages.markMemberRead',
        summary: "Mark the member's messages read",
        description:
          'For an active admin: marks read what the member wrote, for the whole committee; answers how many were marked.',
        ...secured,
        params: memberParams,
        response: { 200: markReadResponse, ...refused, 404: errorBody },
      },
    },
    async (request) => ({ marked: await markMemberRead(db, request.params.memberId) }),
  );
};
