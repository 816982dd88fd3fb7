import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { entryReversed, ReverseEntryBody } from '@jamiya/contracts/accounts';
import { api } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';
import { rememberProposal } from '../../../api/proposals.ts';
import { isProposed, type Proposed } from './post-journal-entry.ts';

export type Reversed = z.infer<typeof entryReversed>;

/** 200: corrected by a reversing entry; 202: proposed, waiting for a second admin. */
export type ReverseAnswer = Reversed | Proposed;

export const reverseEntry = (
  { entryId, body }: { entryId: number; body: ReverseEntryBody },
  idempotencyKey?: string,
) =>
  api<ReverseAnswer>(`/api/admin/journal-entries/${entryId}/reverse`, {
    json: body,
    idempotencyKey,
  });

/** Corrects, proposes or (a second admin repeating the call) confirms a correction. */
export function useReverseEntry() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: reverseEntry,
    onSuccess: (answer) => {
      if (isProposed(answer)) rememberProposal(queryClient, answer.proposal);
    },
    // A reversed payment reopens a member's month; a booking's bank line is open again.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
