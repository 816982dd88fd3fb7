import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/save-file.ts';
import { dubaiToday } from '../../../lib/today.ts';
import type { ReportFormat } from './download-journal.ts';
import { trialBalancePath } from './get-trial-balance.ts';

/** The trial balance as CSV or PDF, at the day chosen ('' for today). */
export const downloadTrialBalance = ({ asOf, format }: { asOf: string; format: ReportFormat }) =>
  downloadFile(
    trialBalancePath(asOf, `.${format}`),
    `trial-balance-${asOf || dubaiToday()}.${format}`,
  );

export const useDownloadTrialBalance = () => useMutation({ mutationFn: downloadTrialBalance });
