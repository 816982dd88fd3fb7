import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@jamiya/contracts/common';
import { notFound } from '../../lib/errors.ts';
import { currentUser, requireUser } from '../auth/plugin.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { isAttachmentOfConversation } from '../messages/thread.ts';
import { findFile, type FileRow } from './files.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.deps;

  // The owner and admins; and the member of a conversation reads what the committee attached
  // in it (the admin who answered owns that file).
  async function mayRead(file: FileRow, me: SessionUser): Promise<boolean> {
    if (file.ownerId === me.userId || me.role === 'admin') return true;
    return (
      file.purpose === 'message_attachment' &&
      (await isAttachmentOfConversation(db, file.id, me.userId))
    );
  }

  app.get(
    '/files/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['member'],
        summary:
          'A stored receipt, photo or message attachment: to its owner, admins and (an attachment) the member of its conversation; 404 to anyone else',
        security: [{ bearer: [] }],
        params: z.object({ id: z.string().max(64) }),
        response: {
          200: z.any().meta({
            description: 'The file (image/jpeg, image/png, image/webp or application/pdf).',
          }),
          401: errorBody,
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const missing = notFound('There is no such file.');
      if (!UUID.test(request.params.id)) throw missing;
      const file = await findFile(db, request.params.id);
      // Someone else's file answers exactly like a file that does not exist.
      if (!file || !(await mayRead(file, me))) throw missing;
      const data = await storage.get(db, file.storageKey);
      if (!data) {
        request.log.error({ fileId: file.id }, 'stored file is missing');
        throw missing;
      }
      return reply
        .type(file.mime)
        .header('Content-Disposition', `inline; filename="${file.purpose}-${file.id}.${file.ext}"`)
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, no-store')
        .send(data);
    },
  );
};
