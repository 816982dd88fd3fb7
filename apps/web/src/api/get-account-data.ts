import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { myAccountData } from '@jamiya/contracts/payments';
import { api } from '../lib/api-client.ts';
import { ACCOUNT_DATA } from './paths.ts';

export type AccountData = z.infer<typeof myAccountData>['myAccountData'];

export const getAccountData = async (signal?: AbortSignal) =>
  (await api<z.infer<typeof myAccountData>>(ACCOUNT_DATA, signal ? { signal } : {})).myAccountData;

// The spec caches account data under the key `accountData`.
export const getAccountDataQueryOptions = () =>
  queryOptions({ queryKey: ['accountData'], queryFn: ({ signal }) => getAccountData(signal) });

export const useAccountData = () => useQuery(getAccountDataQueryOptions());
