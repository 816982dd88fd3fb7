import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/save-file.ts';
import type { ReportFormat } from './download-journal.ts';
import { incomeStatementPath, type Period } from './get-income-statement.ts';

/** The income and expenditure statement of the period as CSV or PDF. */
export const downloadIncomeStatement = ({
  period,
  format,
}: {
  period: Period;
  format: ReportFormat;
}) =>
  downloadFile(
    incomeStatementPath(period, `.${format}`),
    `income-statement-${period.from}-${period.to}.${format}`,
  );

export const useDownloadIncomeStatement = () =>
  useMutation({ mutationFn: downloadIncomeStatement });
