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

/** An admin's decision on one row: as `refused`, and no such row, already decided, not valid. */
export const refusedDecision = { ...refused, 404: errorBody, 409: errorBody, 422: errorBody };

/**
 * A call that takes a file: too large (413), not a kind it accepts (415), not valid (422),
 * beyond the member's upload quota (429).
 */
export const refusedUpload = { 413: errorBody, 415: errorBody, 422: errorBody, 429: errorBody };

export type { Actor };

/** The admin making this request. */
export function actorOf(request: FastifyRequest): Actor & { id: number; ip: string } {
  return { id: currentUser(request).userId, role: 'admin', ip: request.ip };
}
