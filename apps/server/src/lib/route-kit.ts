import type { FastifyRequest } from 'fastify';
import { errorBody } from '@jamiya/contracts/common';
import { currentUser } from '../plugins/auth.ts';
import type { Actor } from './actor.ts';

// What the routes of every feature declare alike: the bearer scheme in the OpenAPI document,
// the answers a signed-in call may give before it runs, and who is acting.

export { idParams } from '@jamiya/contracts/common';

export const secured = { security: [{ bearer: [] }] };

/** The answers every admin call may give before it runs. */
export const refused = { 400: errorBody, 401: errorBody, 403: errorBody };

export type { Actor };

/** The admin making this request. */
export function actorOf(request: FastifyRequest): Actor & { id: number; ip: string } {
  return { id: currentUser(request).userId, role: 'admin', ip: request.ip };
}
