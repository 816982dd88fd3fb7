import type { FastifyRequest } from 'fastify';
import { errorBody } from '@jamiya/contracts/common';

export { idParams } from '@jamiya/contracts/common';
import { currentUser } from '../../plugins/auth.ts';
import type { Actor } from '../loans/lifecycle.ts';

export const secured = { security: [{ bearer: [] }] };
/** The answers every admin call may give before it runs. */
export const refused = { 400: errorBody, 401: errorBody, 403: errorBody };

export function actorOf(request: FastifyRequest): Actor & { id: number; ip: string } {
  return { id: currentUser(request).userId, role: 'admin', ip: request.ip };
}
