import { useMutation } from '@tanstack/react-query';
import type { SetPasswordRequest } from '@jamiya/contracts/membership';
import { api } from '../../../lib/api-client.ts';

/** POST /api/password/set with the token of a one-time link (invitation or reset). */
export const setPassword = (body: SetPasswordRequest) =>
  api<{ message: string }>('/api/password/set', { json: body });

export const useSetPassword = () => useMutation({ mutationFn: setPassword });
