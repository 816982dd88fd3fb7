import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordRequest } from '@jamiya/contracts/membership';
import { api } from '../../../lib/api-client.ts';

/** POST /api/password/forgot: the same answer whether or not the email is a member's. */
export const requestPasswordReset = (body: ForgotPasswordRequest) =>
  api<{ message: string }>('/api/password/forgot', { json: body });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
