import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ImportDryRun, ImportError } from '@jamiya/contracts/imports';
import { ApiError, api } from '../../../lib/api-client.ts';

/** What the form sends besides `dry_run`: the file, the cut-over day, the bank balance that day. */
export interface ImportInput {
  file: File;
  as_of: string;
  opening_cash: string;
}

/**
 * POST /api/admin/imports: a dry run (`dryRun`), or the import applied. `onProgress` is told
 * how much of the file has gone, from 0 to 1.
 */
export function sendImport<T>(
  input: ImportInput,
  dryRun: boolean,
  onProgress: (fraction: number) => void,
  idempotencyKey?: string,
) {
  const form = new FormData();
  form.append('as_of', input.as_of);
  form.append('opening_cash', input.opening_cash);
  form.append('dry_run', String(dryRun));
  form.append('file', input.file, input.file.name);
  return api<T>('/api/admin/imports', { form, idempotencyKey, onUploadProgress: onProgress });
}

/**
 * The dry run: the file read and checked, nothing written. `progress` goes from 0 to 1 while
 * the file goes, stays at 1 while the server reads and checks it, and is null otherwise.
 */
export function useCheckImport() {
  const [progress, setProgress] = useState<number | null>(null);
  const check = useMutation({
    mutationFn: (input: ImportInput) => {
      setProgress(0);
      return sendImport<ImportDryRun>(input, true, setProgress);
    },
    onSettled: () => setProgress(null),
  });
  return { check, progress };
}

/**
 * The wrong cells of a refused apply (422): the same list as the dry run's. A refusal of a
 * form field (an errors map) or of the whole file has none.
 */
export function cellErrorsOf(error: unknown): ImportError[] | null {
  if (!(error instanceof ApiError)) return null;
  const errors: unknown = error.errors;
  return Array.isArray(errors) ? (errors as ImportError[]) : null;
}
