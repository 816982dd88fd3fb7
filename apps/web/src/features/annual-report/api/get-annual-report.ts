import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberAnnualReport } from '@jamiya/contracts/year-report';
import { api } from '../../../lib/api-client.ts';

/** A closed year's report in short; the last closed one when `year` is undefined. */
export const getAnnualReportQueryOptions = (year: number | undefined) =>
  queryOptions({
    queryKey: ['annualReport', year ?? 'last'],
    queryFn: ({ signal }) =>
      api<MemberAnnualReport>(`/api/annual-report${year ? `?year=${year}` : ''}`, { signal }),
  });

export const useAnnualReport = (year: number | undefined) =>
  useQuery({ ...getAnnualReportQueryOptions(year), placeholderData: keepPreviousData });
