import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FundProposal } from '@jamiya/contracts/proposals';
import type { BookYear, BookYears, YearResponse } from '@jamiya/contracts/year';
import { api } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { rememberProposal } from '../../../api/proposals.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';
import { downloadFile } from '../../../lib/save-file.ts';

export type { BookYear, BookYears };

/** 200: done; 202: proposed, waiting for a second admin to make the same call. */
export type YearAnswer =
  YearResponse | { message: string; pending_confirmation: true; proposal: FundProposal };

/** GET /api/admin/years: the association's years, closed or open, newest first. */
export const getBookYearsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'years'],
    queryFn: ({ signal }) => api<BookYears>('/api/admin/years', { signal }),
  });

export const useBookYears = () => useQuery(getBookYearsQueryOptions());

type YearCall = { year: number; action: 'arrears-review' | 'close' | 'reopen'; reason?: string };

/** A year's arrears marked reviewed, its close or its reopening (the last two by two admins). */
export function useYearAction() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: ({ year, action, reason }: YearCall, idempotencyKey: string) =>
      api<YearAnswer>(`/api/admin/years/${year}/${action}`, {
        json: reason === undefined ? {} : { reason },
        idempotencyKey,
      }),
    onSuccess: (answer) => {
      if ('pending_confirmation' in answer) rememberProposal(queryClient, answer.proposal);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}

/** The accountant's pack of a year (a ZIP behind the bearer token); a draft until it is closed. */
export const useDownloadPack = () =>
  useMutation({
    mutationFn: ({ year, isDraft }: { year: number; isDraft: boolean }) =>
      downloadFile(
        `/api/admin/years/${year}/pack`,
        `jamiya-${year}-accounts${isDraft ? '-DRAFT' : ''}.zip`,
      ),
  });

/** The annual report for the AGM, as the server names it (…-DRAFT while the year is open). */
export const useDownloadReport = () =>
  useMutation({
    mutationFn: ({
      year,
      isDraft,
      format,
    }: {
      year: number;
      isDraft: boolean;
      format: 'pdf' | 'html';
    }) =>
      downloadFile(
        `/api/admin/years/${year}/report?format=${format}`,
        `annual-report-${year}${isDraft ? '-DRAFT' : ''}.${format}`,
      ),
  });
