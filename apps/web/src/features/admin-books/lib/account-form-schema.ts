import { z } from 'zod';
import { createAccountBody, updateAccountBody } from '@jamiya/contracts/accounts';

// The account forms keep what the admin types, checked by the shared schemas (the server's);
// loaded when a form first validates (lib/zod-resolver.ts).

const typed = z.object({
  code: z.string(),
  name_en: z.string(),
  name_ar: z.string(),
  kind: z.string(),
});
export type AccountFormInput = z.input<typeof typed>;

/** A new account: an empty code is none (the server makes one from the English name). */
export const addAccountForm = typed
  .transform(({ code, ...rest }) => ({ ...rest, ...(code.trim() ? { code } : {}) }))
  .pipe(createAccountBody);

/** A renamed account: its two names. */
export const renameAccountForm = typed
  .transform(({ name_en, name_ar }) => ({ name_en, name_ar }))
  .pipe(updateAccountBody.pick({ name_en: true, name_ar: true }).required());

export type AccountFormOutput =
  z.output<typeof addAccountForm> | z.output<typeof renameAccountForm>;
