import { z } from 'zod';
import { profileUpdateFields } from '@jamiya/contracts/profile';
import { photoProblem } from './photo.ts';

/**
 * The shared body schema of POST /api/profile/update, with what the editor adds: the address
 * is required here (docs/product.md 10.5), and the photo is checked before it is sent.
 */
export const editProfileSchema = profileUpdateFields.extend({
  address: profileUpdateFields.shape.address.unwrap(),
  image: z
    .instanceof(File)
    .optional()
    .superRefine((file, ctx) => {
      const problem = file ? photoProblem(file) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
