import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ImportApplied, ImportProposed } from '@jamiya/contracts/imports';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { rememberProposal } from '../../../api/proposals.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';
import { sendImport, type ImportInput } from './check-import.ts';
import { rememberImport } from './get-imports.ts';

/** 201: applied; 202: proposed, waiting for a second admin. */
export type ImportAnswer = ImportApplied | ImportProposed;

export const isProposed = (answer: ImportAnswer): answer is ImportProposed =>
  'pending_confirmation' in answer && answer.pending_confirmation === true;

/** The import applied (201) or proposed to a second admin (202): it writes the books. */
export function useApplyImport() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const apply = useMoneyMutation({
    mutationFn: (input: ImportInput, idempotencyKey: string) => {
      setProgress(0);
      return sendImport<ImportAnswer>(input, false, setProgress, idempotencyKey);
    },
    onSuccess: (answer) => {
      if (!isProposed(answer)) return;
      rememberProposal(queryClient, answer.proposal);
      rememberImport(queryClient, answer.import);
    },
    onSettled: () => {
      setProgress(null);
      // The imports, the proposals, the members, the books and the overview it changed.
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
    },
  });
  return { apply, progress };
}
