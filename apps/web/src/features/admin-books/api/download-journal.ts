import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/save-file.ts';
import { dubaiToday } from '../../../lib/today.ts';
import { journalPath, type JournalFilters } from './get-journal.ts';

export type ReportFormat = 'csv' | 'pdf';

/** The journal as CSV (one row per posting) or PDF, narrowed as the page is. */
export const downloadJournal = ({
  filters,
  format,
}: {
  filters: JournalFilters;
  format: ReportFormat;
}) =>
  downloadFile(
    journalPath(filters, `.${format}`),
    `journal${filters.kind ? `-${filters.kind}` : ''}-${dubaiToday()}.${format}`,
  );

export const useDownloadJournal = () => useMutation({ mutationFn: downloadJournal });
