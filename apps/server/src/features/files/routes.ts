import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@jamiya/contracts/common';
import { notFound } from '../../lib/errors.ts';
import { currentUser, requireUser } from '../sessions/public.ts';
import { readableFile, type FileReaders } from './readable.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const fileRoutes: FastifyPluginAsyncZod<{ readers: FileReaders }> = async (
  app,
  { readers },
) => {
  const { db, storage } = app.deps;

  app.get(
    '/files/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['files'],
        operationId: 'files.get',
        summary:
          'A stored receipt, photo or message attachment: to its owner, admins and (an attachment) the member of its conversation; 404 to anyone else',
        description:
          'For anyone signed in, a member or an admin: the bytes as kept (cleaned on upload), shown inline and never cached.',
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
      const missing = notFound(/*i18n*/ 'There is no such file.');
      if (!UUID.test(request.params.id)) throw missing;
      const found = await readableFile(db, storage, readers, request.params.id, me);
      // Someone else's file answers exactly like a file that does not exist.
      if (!found) throw missing;
      const { file, data } = found;
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
