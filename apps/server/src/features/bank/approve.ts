import type { Language } from '@jamiya/contracts/languages';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { translate } from '../../lib/i18n.ts';
import { carryOutMatch } from './links.ts';
import { pictureOf, type StatementPicture } from './proposed.ts';
import { statementOr404 } from './statements.ts';

// A statement's matches approved in one step (POST /api/admin/bank-statements/:id/approve):
// each in its own transaction, what cannot be done told line by line.

/** Carries out the matches of `lines` (every match when null); the refusals in `language`. */
async function approveMatches(
  db: Db,
  picture: StatementPicture,
  lines: readonly number[] | undefined,
  actor: Actor & { id: number },
  language: Language,
) {
  const chosen = lines ? new Set(lines) : null;
  const matches = chosen ? picture.matches.filter((m) => chosen.has(m.lineId)) : picture.matches;
  const answer = {
    approved: [] as Array<{ line_id: number; payment_id: number }>,
    linked: [] as Array<{ line_id: number; entry_id: number }>,
    refused: [] as Array<{ line_id: number; message: string }>,
  };
  const matched = new Set(matches.map((m) => m.lineId));
  for (const lineId of chosen ?? [])
    if (!matched.has(lineId))
      answer.refused.push({
        line_id: lineId,
        message: translate(
          language,
          /*i18n*/ 'This line of the statement matches nothing waiting.',
        ),
      });
  for (const match of matches) {
    const outcome = await carryOutMatch(db, match, actor, new Date());
    if ('refused' in outcome)
      answer.refused.push({
        line_id: outcome.lineId,
        message: translate(language, outcome.refused),
      });
    else if ('paymentId' in outcome)
      answer.approved.push({ line_id: outcome.lineId, payment_id: outcome.paymentId });
    else answer.linked.push({ line_id: outcome.lineId, entry_id: outcome.entryId });
  }
  return answer;
}

/** The statement `statementId` set beside the books, then its matches of `lines` carried out. */
export async function approveStatementMatches(
  db: Db,
  statementId: number,
  lines: readonly number[] | undefined,
  actor: Actor & { id: number },
  language: Language,
) {
  const picture = await pictureOf(db, await statementOr404(db, statementId));
  return approveMatches(db, picture, lines, actor, language);
}
