import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, listQuery } from '@jamiya/contracts/common';
import {
  notificationPage,
  readAllResponse,
  readNotificationResponse,
  readShownRequest,
  unreadCount as unreadCountBody,
} from '@jamiya/contracts/notifications';
import { requestLanguage } from '../../lib/language.ts';
import { parseCursor } from '../../lib/pagination.ts';
import { currentUser, requireUser } from '../sessions/public.ts';
import {
  markAllRead,
  markReadAnswer,
  markShownReadAnswer,
  notificationPageOf,
  unreadCount,
} from './inbox.ts';
import { secured } from '../../lib/route-kit.ts';

/** The signed-in member's notifications (under /api). */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, publicUrl } = app.deps;

  app.get(
    '/notifications',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        operationId: 'notifications.list',
        summary: 'The notifications of the signed-in member, newest first, with the unread count',
        description:
          'Titles and bodies are in the request’s language (the `lang` cookie, else Accept-Language), ' +
          'whenever they were written; what people typed (reasons, notes, messages) is as typed. ' +
          'Each has a `whatsapp_url` that opens WhatsApp with its text and full link, to forward it.',
        ...secured,
        querystring: listQuery,
        response: { 200: notificationPage, 400: errorBody, 401: errorBody },
      },
    },
    async (request) =>
      notificationPageOf(
        db,
        currentUser(request).userId,
        { cursor: parseCursor(request.query.cursor), limit: request.query.limit },
        { publicUrl, language: requestLanguage(request) },
      ),
  );

  app.get(
    '/notifications/unread-count',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        operationId: 'notifications.countUnread',
        summary: 'How many notifications the signed-in member has not read (polled by the bell)',
        description:
          'For anyone signed in, a member or an admin: `{ unread }`, small enough to ask for every minute.',
        ...secured,
        response: { 200: unreadCountBody, 401: errorBody },
      },
    },
    async (request) => ({ unread: await unreadCount(db, currentUser(request).userId) }),
  );

  app.post(
    '/notifications/:id/read',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        operationId: 'notifications.markRead',
        summary: 'Mark one of the member’s notifications as read',
        description: 'Answers the notification in the request’s language, as the list does.',
        ...secured,
        params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
        response: { 200: readNotificationResponse, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) =>
      markReadAnswer(db, currentUser(request).userId, request.params.id, new Date(), {
        publicUrl,
        language: requestLanguage(request),
      }),
  );

  app.post(
    '/notifications/read',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        operationId: 'notifications.markShownRead',
        summary: 'Mark read the notifications a page has shown',
        description:
          'The notifications page marks what it shows as read once it shows it. Ids that are not ' +
          'the member’s are left alone; answers how many stay unread.',
        ...secured,
        body: readShownRequest,
        response: { 200: unreadCountBody, 400: errorBody, 401: errorBody },
      },
    },
    async (request) =>
      markShownReadAnswer(db, currentUser(request).userId, request.body.ids, new Date()),
  );

  app.post(
    '/notifications/read-all',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        operationId: 'notifications.markAllRead',
        summary: 'Mark all of the member’s notifications as read',
        description:
          'For anyone signed in, a member or an admin, on their own notifications; answers `unread: 0`.',
        ...secured,
        response: { 200: readAllResponse, 401: errorBody },
      },
    },
    async (request) => {
      await markAllRead(db, currentUser(request).userId, new Date());
      return { message: /*i18n*/ 'All notifications are marked as read.', unread: 0 as const };
    },
  );
};
