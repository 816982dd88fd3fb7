import type { Db } from '../../db/client.ts';
import type { Language } from '@jamiya/contracts/languages';
import { audit } from '../audit/public.ts';
import { handOverViews, issuePasswordLink, linksToHandOver } from '../auth/public.ts';
import { passwordLinkNotice, notify } from '../notifications/public.ts';
import { withSecondAdmin } from '../proposals/public.ts';
import { revokeOtherSessions } from '../sessions/public.ts';
import { forbidden } from '../../lib/errors.ts';
import { memberRefsById } from '../users/public.ts';
import { loadUser } from './admin-members.ts';
import { mailPasswordLink, type PasswordLinkMailDeps } from './invitations.ts';
import { proposedAccountAnswer } from './proposed-answer.ts';

// The treasurer's one-time link to set a member's password (POST
// /api/admin/members/:id/password-reset), never for an admin's account: proposed when two
// admins sign, then issued, every session of the account ended, and the member told who.

const ADMIN_SETS_OWN_PASSWORD =
  /*i18n*/ "An admin's password is set only by that admin: with Forgot password on the sign-in page, or on the server (npm run admin -- reset-password).";

/**
 * Proposes a member's link, or issues it (`done`, with who proposed it) when this call confirms
 * it: an invitation for a member who never set a password, else a reset. Never for an admin (403).
 */
async function issueMemberPasswordLink(
  db: Db,
  memberId: number,
  by: { actor: { id: number; ip: string }; publicUrl: string; now: Date },
) {
  const { actor, publicUrl, now } = by;
  const user = await loadUser(db, memberId);
  if (user.role === 'admin') throw forbidden(ADMIN_SETS_OWN_PASSWORD);
  // Never set a password: the invitation is what was lost, and it waits a week.
  const purpose = user.passwordHash === '' ? ('invite' as const) : ('reset' as const);
  const decision = await db.transaction((tx) =>
    withSecondAdmin(
      tx,
      { action: 'member.password_link', loanId: null, memberId: user.id, amountFils: null },
      actor,
      now,
      async (open) => {
        const issued = await issuePasswordLink(tx, {
          userId: user.id,
          purpose,
          createdBy: actor.id,
          publicUrl,
          now,
        });
        // Whoever held the account hears of it at once: every session ends.
        await revokeOtherSessions(tx, user.id, null, now);
        await audit(tx, {
          actorId: actor.id,
          action: 'user.password_link_issued',
          targetType: 'user',
          targetId: user.id,
          details: { purpose, via: 'admin', proposedBy: open?.proposedBy ?? null },
          ip: actor.ip,
          at: now,
        });
        // The owner hears who (and by mail, from the notifications job), asked for or not.
        const names = await memberRefsById(tx, [open?.proposedBy ?? actor.id, actor.id]);
        await notify(tx, {
          ...passwordLinkNotice(user.id, now, {
            proposer: names.get(open?.proposedBy ?? actor.id)!.name,
            confirmer: open ? names.get(actor.id)!.name : null,
          }),
          at: now,
        });
        return { ...issued, proposedBy: open?.proposedBy ?? null };
      },
    ),
  );
  return { user, purpose, decision };
}

/**
 * POST /api/admin/members/:id/password-reset: the 202 of a proposal (`proposed`), or the link
 * issued, then mailed or kept for both admins to hand over.
 */
export async function memberPasswordLinkAnswer(
  deps: PasswordLinkMailDeps & { db: Db },
  memberId: number,
  by: { actor: { id: number; ip: string }; publicUrl: string; now: Date },
  language: Language,
) {
  const { actor } = by;
  const { user, purpose, decision } = await issueMemberPasswordLink(deps.db, memberId, by);
  if ('proposed' in decision)
    return { proposed: await proposedAccountAnswer(deps.db, decision, language) };
  const issued = decision.done;
  // Not mailed: kept for both admins to hand over, the confirmer's answer showing it now.
  const mailed = await mailPasswordLink(deps, user.id, issued, purpose, {
    proposedBy: issued.proposedBy ?? actor.id,
    confirmedBy: issued.proposedBy === null ? null : actor.id,
  });
  return { user, purpose, mailed };
}

/** GET /api/admin/members/:id/password-link: the member's link this admin is to hand over. */
export async function memberHandOver(
  db: Db,
  sealKey: Buffer,
  memberId: number,
  by: { adminId: number; now: Date },
) {
  const user = await loadUser(db, memberId);
  const links = await linksToHandOver(db, sealKey, { ...by, userIds: [user.id] });
  const [handover] = await handOverViews(db, links);
  return handover ?? null;
}
