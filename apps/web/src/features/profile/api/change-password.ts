import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeRequest } from '@jamiya/contracts/auth';
import { api } from '../../../lib/api-client.ts';

/** POST /api/profile/password/update (JSON, docs/product.md 10.7); the server ends the other sessions. */
export const changePassword = (body: PasswordChangeRequest) =>
  api<{ message: string }>('/api/profile/password/update', { json: body });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
