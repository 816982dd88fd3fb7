import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@jamiya/contracts/common';
import { notFound } from '../../lib/errors.ts';
import { currentUser, requireUser, type SessionUser } from '../sessions/public.ts';
import type { DbOrTx } from '../../db/client.ts';
import { findFile, type FileRow } from './files.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who else may read a file of a purpose, besides its owner and admins: asked of the feature that uses it. */
export type FileReaders = Partial<
  Record<FileRow['purpose'], (db: DbOrTx, fileId: string, userId: number) => Promise<boolean>>
>;

export const fileRoutes: FastifyPluginAsyncZod<{ readers: FileReaders }> = async (
  app,
  { readers },
) => {
  const { db, storage } = app.deps;

  // The owner and admins; and whom the feature using the file names (the member of a
  // conversation reads what the committee attached in it, owned by the admin who answered).
  async function mayRead(file: FileRow, me: SessionUser): Promise<boolean> {
    if (file.ownerId === me.userId || me.role === 'admin') return true;
    const reader = readers[file.purpose];
    return reader !== undefined && (await reader(db, file.id, me.userId));
  }

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
