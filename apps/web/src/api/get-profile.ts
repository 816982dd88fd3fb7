import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { profileResponse } from '@jamiya/contracts/profile';
import { api } from '../lib/api-client.ts';
import { PROFILE } from './paths.ts';

export type ProfileResponse = z.infer<typeof profileResponse>;

export const getProfile = (signal?: AbortSignal) =>
  api<ProfileResponse>(PROFILE, signal ? { signal } : {});

export const getProfileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile'],
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: 60_000,
  });

export const useProfile = () => useQuery(getProfileQueryOptions());
