import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ShareExplained } from '@jamiya/contracts/bonus';
import { api } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/save-file.ts';

/** `open`: the share-out proposed, else the estimate so far; else a closed period's id. */
export type SharePeriod = 'open' | number;

const explainedUrl = (period: SharePeriod) =>
  `/api/my-bonus/explained?${new URLSearchParams({ period: String(period) })}`;

export const getShareExplainedQueryOptions = (period: SharePeriod) =>
  queryOptions({
    queryKey: ['myBonus', 'explained', period],
    queryFn: ({ signal }) => api<ShareExplained>(explainedUrl(period), { signal }),
  });

export const useShareExplained = (period: SharePeriod) =>
  useQuery(getShareExplainedQueryOptions(period));

/** The one-page PDF, named as the server names it: share-JM000002-2026-12-31.pdf. */
export const useDownloadShareExplained = () =>
  useMutation({
    mutationFn: ({ period, fileName }: { period: SharePeriod; fileName: string }) =>
      downloadFile(`${explainedUrl(period)}&format=pdf`, fileName),
  });
