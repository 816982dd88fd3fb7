import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { entryPosted, entryProposed } from '@jamiya/contracts/accounts';
import { api } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';
import { rememberProposal } from '../../../api/proposals.ts';

/** One line of an entry as the API takes it: an account and a debit or a credit, in AED. */
export interface EntryLineBody {
  account: string;
  debit?: number;
  credit?: number;
}

export interface EntryBody {
  date: string;
  memo: string;
  lines: EntryLineBody[];
}

/** 201: posted; 202: proposed, waiting for a second admin. */
export type Proposed = z.infer<typeof entryProposed>;
export type EntryAnswer = z.infer<typeof entryPosted> | Proposed;

export const isProposed = (answer: object): answer is Proposed =>
  'pending_confirmation' in answer && answer.pending_confirmation === true;

/** As JSON, or as a form (the lines as JSON) when a receipt goes with it. */
export function postJournalEntry(
  { body, evidence }: { body: EntryBody; evidence?: File | undefined },
  idempotencyKey?: string,
) {
  if (!evidence)
    return api<EntryAnswer>('/api/admin/journal-entries', { json: body, idempotencyKey });
  const form = new FormData();
  form.set('date', body.date);
  form.set('memo', body.memo);
  form.set('lines', JSON.stringify(body.lines));
  form.set('evidence', evidence);
  return api<EntryAnswer>('/api/admin/journal-entries', { form, idempotencyKey });
}

/** Posts, proposes or (a second admin repeating a proposal's call) confirms an entry by hand. */
export function usePostJournalEntry() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: postJournalEntry,
    onSuccess: (answer) => {
      if (isProposed(answer)) rememberProposal(queryClient, answer.proposal);
    },
    // Cash moves: the overview and the bank's reconciliation read it too.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
