import type { Db } from '../../db/client.ts';
import { audit } from '../audit/public.ts';
import { issuePasswordLink } from '../auth/public.ts';
import { passwordLinkNotice, notify } from '../notifications/public.ts';
import { withSecondAdmin } from '../proposals/public.ts';
import { revokeOtherSessions } from '../sessions/public.ts';
import { memberRefsById, type User } from '../users/public.ts';

// The treasurer's one-time link to set a member's password (POST
// /api/admin/members/:id/password-reset): proposed when two admins sign, then issued, every
// session of the account ended, and the member told who issued it.

/** Proposes the link, or issues it (`done`, with who proposed it) when this call confirms it. */
export async function issueMemberPasswordLink(
  db: Db,
  user: User,
  purpose: 'invite' | 'reset',
  by: { actor: { id: number; ip: string }; publicUrl: string; now: Date },
) {
  const { actor, publicUrl, now } = by;
  return db.transaction((tx) =>
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
}
