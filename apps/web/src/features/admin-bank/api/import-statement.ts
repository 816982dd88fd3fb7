import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BankStatement, LookalikeChoice } from '@jamiya/contracts/bank';
import { api } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';
import type { StatementFormValues } from '../lib/statement-form-schema.ts';

export interface StatementImported {
  message: string;
  statement: BankStatement;
}

/** What is sent: the form's values and, once asked (409), whether the lookalike lines are new. */
export type StatementSent = StatementFormValues & { lookalikes?: LookalikeChoice };

/**
 * POST /api/admin/bank-statements: the file, the bank's name and, for a CSV, its mapping; sent
 * again with `lookalikes` when lines look like lines already held and the treasurer says which.
 * `progress` goes from 0 to 1 while the file goes, stays at 1 while the server reads and
 * matches it, and is null otherwise.
 */
export function useImportStatement() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const send = useMoneyMutation({
    mutationFn: ({ file, bank, mapping, lookalikes }: StatementSent, idempotencyKey: string) => {
      setProgress(0);
      const form = new FormData();
      if (bank) form.append('bank', bank);
      if (mapping) form.append('mapping', JSON.stringify(mapping));
      if (lookalikes) form.append('lookalikes', lookalikes);
      form.append('file', file, file.name);
      return api<StatementImported>('/api/admin/bank-statements', {
        form,
        idempotencyKey,
        onUploadProgress: setProgress,
      });
    },
    onSettled: () => {
      setProgress(null);
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_KEY, 'bank'] });
    },
  });
  return { send, progress };
}
