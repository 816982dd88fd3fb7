import { errorBody } from '@jamiya/contracts/common';

// What the routes of every feature declare alike: the bearer scheme in the OpenAPI document,
// the answers a signed-in call may give before it runs. Who is acting is the auth plugin's
// to say (features/sessions/plugin.ts, actorOf).

export { idParams } from '@jamiya/contracts/common';

export const secured = { security: [{ bearer: [] }] };

/** The answers every admin call may give before it runs. */
export const refused = { 400: errorBody, 401: errorBody, 403: errorBody };

/** A change asked for: as `refused`, and at odds with how things stand (409), not valid (422). */
export const refusedChange = { ...refused, 409: errorBody, 422: errorBody };

/** An admin's decision on one row: as `refused`, and no such row, already decided, not valid. */
export const refusedDecision = { ...refusedChange, 404: errorBody };

/**
 * A call that takes a file: too large (413), not a kind it accepts (415), not valid (422),
 * beyond the member's upload quota (429).
 */
export const refusedUpload = { 413: errorBody, 415: errorBody, 422: errorBody, 429: errorBody };
