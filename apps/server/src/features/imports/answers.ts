// What POST /api/admin/imports and /imports/:id/confirm answer: the plan checked, then shown
// (a dry run), applied or proposed, each answer with its status, so a route calls one function.
import type { Fils } from '@jamiya/money/fils';
import type { Language } from '@jamiya/contracts/languages';
import type { Db } from '../../db/client.ts';
import { localDate } from '../../lib/calendar.ts';
import { sentence, translate } from '../../lib/i18n.ts';
import { handOverViews } from '../auth/public.ts';
import { toProposalViews } from '../proposals/public.ts';
import { applyOrPropose, type Applied, type ApplyBy } from './apply.ts';
import type { ImportPlan } from './check.ts';
import { planAwaitingConfirmation, planOfSentFile } from './plans.ts';
import { dryRunView, importViews, problemsView } from './views.ts';

/**
 * Who applies and how: `mailInvitationsNow` starts the invitation mails once an import that
 * mails them is applied; the route keeps them running past its answer.
 */
export interface Applying {
  by: ApplyBy;
  language: Language;
  mailInvitationsNow: () => void;
}

const answer = <S extends 200 | 201 | 202 | 422, B>(status: S, body: B) => ({ status, body });

/** An apply's answer: the import, and the invitations to hand over when they are not mailed. */
async function appliedAnswer(db: Db, applied: Applied, language: Language) {
  const [record] = await importViews(db, [applied.import]);
  const links = applied.invitations;
  return {
    message: translate(
      language,
      sentence(
        /*i18n*/ '{members, plural, one {# member was} other {# members were}} brought in; the books open on {day}.',
        { members: applied.members.length, day: { day: applied.import.asOf } },
      ),
    ),
    import: record!,
    invitations_mailed: links === null,
    invitations: links
      ? await handOverViews(
          db,
          applied.members.map((m) => ({
            userId: m.id,
            purpose: 'invite' as const,
            ...links.get(m.id)!,
            proposedBy: applied.proposedBy,
            confirmedBy: applied.confirmedBy,
          })),
        )
      : [],
  };
}

/** Applies a plan without problems (422 with each wrong cell otherwise), or proposes it. */
async function applyAnswer(db: Db, plan: ImportPlan, applying: Applying) {
  const { by, language } = applying;
  if (plan.problems.length > 0)
    return answer(422, {
      status_code: 422,
      message: translate(
        language,
        sentence(
          /*i18n*/ 'Nothing was imported: {count, plural, one {# cell needs} other {# cells need}} correcting first.',
          { count: plan.problems.length },
        ),
      ),
      errors: problemsView(plan.problems, language),
    });
  const decision = await applyOrPropose(db, plan, by, new Date());
  if ('proposed' in decision) {
    const [proposal] = await toProposalViews(db, [decision.proposed]);
    const [record] = await importViews(db, [decision.row]);
    return answer(202, {
      message:
        /*i18n*/ 'Proposed. A second admin must confirm the import before anything is recorded.',
      pending_confirmation: true as const,
      proposal: proposal!,
      import: record!,
    });
  }
  if (decision.done.invitations === null) applying.mailInvitationsNow();
  return answer(201, await appliedAnswer(db, decision.done, language));
}

/** A file sent: checked, then its dry run (200) or its apply's answer. */
export async function sentFileAnswer(
  db: Db,
  input: { bytes: Buffer; fileName: string; asOf: string; openingCashFils: Fils },
  dryRun: boolean,
  applying: Applying,
) {
  const plan = await planOfSentFile(db, input, localDate(new Date()));
  if (dryRun) return answer(200, dryRunView(plan, applying.language));
  return applyAnswer(db, plan, applying);
}

/** The kept file of a proposed import, checked again and applied by the confirming admin. */
export async function confirmedImportAnswer(db: Db, id: number, applying: Applying) {
  return applyAnswer(db, await planAwaitingConfirmation(db, id), applying);
}
