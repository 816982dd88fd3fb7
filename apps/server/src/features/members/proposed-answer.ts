// The answer of a member's account call that waits for a second admin (202).
import type { DbOrTx } from '../../db/client.ts';
import type { Language } from '@jamiya/contracts/languages';
import { translate } from '../../lib/i18n.ts';
import { proposedAnswer, type ProposalRow } from '../proposals/public.ts';

/** The 202 of a call that waits for a second admin. */
export async function proposedAccountAnswer(
  db: DbOrTx,
  { proposed: row }: { proposed: ProposalRow },
  language: Language,
) {
  return proposedAnswer(
    db,
    row,
    translate(
      language,
      /*i18n*/ 'Proposed. A second admin must confirm it before it is carried out.',
    ),
  );
}
