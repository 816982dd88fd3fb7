import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { profileResponse } from '@jamiya/contracts/profile';
import { api } from '../lib/api-client.ts';
import { getToken, setCachedProfileId } from '../lib/session-store.ts';
import { PROFILE } from './paths.ts';

export type ProfileResponse = z.infer<typeof profileResponse>;

/** The profile, which says whose the token is: kept as that token's account (session-store). */
export async function getProfile(signal?: AbortSignal): Promise<ProfileResponse> {
  const token = getToken() ?? undefined;
  const profile = await api<ProfileResponse>(PROFILE, { token, signal });
  if (token) setCachedProfileId(profile.userData.id, token);
  return profile;
}

export const getProfileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile'],
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: 60_000,
  });

export const useProfile = () => useQuery(getProfileQueryOptions());
