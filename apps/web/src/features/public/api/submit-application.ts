import { useMutation } from '@tanstack/react-query';
import type { JoinRequest } from '@jamiya/contracts/membership';
import { api } from '../../../lib/api-client.ts';

/** POST /api/applications: a visitor asks to join; the committee reviews it. */
export const submitApplication = (body: JoinRequest) =>
  api<{ message: string }>('/api/applications', { json: body });

export const useSubmitApplication = () => useMutation({ mutationFn: submitApplication });
