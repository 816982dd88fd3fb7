import { z } from 'zod';
import { createMemberRequest } from '@jamiya/contracts/members';

// An optional field left empty is not sent (the shared schema refuses an empty string).
const blankAsMissing = (value: string) => (value.trim() === '' ? undefined : value);

export const addMemberSchema = createMemberRequest.extend({
  national_id: z.preprocess(blankAsMissing, createMemberRequest.shape.national_id),
  address: z.preprocess(blankAsMissing, createMemberRequest.shape.address),
  joined_on: z.preprocess(blankAsMissing, createMemberRequest.shape.joined_on),
});
