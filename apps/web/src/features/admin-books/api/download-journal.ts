import { useMutation } from '@tanstack/react-query';
import { withQuery } from '../../../lib/list-query.ts';
import { downloadFile } from '../../../lib/save-file.ts';
import type { EntryKind } from './get-journal.ts';

/** The journal as CSV, one row per posting; with a kind chosen, only entries of that kind. */
export const downloadJournal = (kind: EntryKind | '') =>
  downloadFile(
    withQuery('/api/admin/ledger/entries.csv', { kind }),
    `journal${kind ? `-${kind}` : ''}-${new Date().toISOString().slice(0, 10)}.csv`,
  );

export const useDownloadJournal = () => useMutation({ mutationFn: downloadJournal });
