import { useMutation } from '@tanstack/react-query';
import type { Statement } from '@jamiya/contracts/statement';
import { downloadFile } from '../../../lib/save-file.ts';
import { statementPath, type Filters } from './get-statement.ts';

/** The same name the server gives it: statement-JM000002-2026-01-01-to-2026-11-22.pdf */
export const statementFileName = (s: Statement, format: 'csv' | 'pdf') =>
  `statement-${s.member.unique_id}-${s.from}-to-${s.to}.${format}`;

export const downloadStatement = ({
  filters,
  statement,
  format,
}: {
  filters: Filters;
  statement: Statement;
  format: 'csv' | 'pdf';
}) => downloadFile(statementPath(filters, format), statementFileName(statement, format));

export const useDownloadStatement = () => useMutation({ mutationFn: downloadStatement });
