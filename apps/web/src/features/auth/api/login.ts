import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LoginRequest, loginResponse } from '@jamiya/contracts/auth';
import { api } from '../../../lib/api-client.ts';

export type LoginResponse = z.infer<typeof loginResponse>;

export const login = (body: LoginRequest) => api<LoginResponse>('/api/login', { json: body });

export const useLogin = () => useMutation({ mutationFn: login });
