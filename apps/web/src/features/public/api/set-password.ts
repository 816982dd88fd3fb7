import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { loginResponse } from '@jamiya/contracts/auth';
import type { SetPasswordRequest } from '@jamiya/contracts/membership';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/password/set with the token of a one-time link (invitation or reset): answers a
 * session for this browser, as a sign-in does.
 */
export const setPassword = (body: SetPasswordRequest) =>
  api<z.infer<typeof loginResponse>>('/api/password/set', { json: body });

export const useSetPassword = () => useMutation({ mutationFn: setPassword });
