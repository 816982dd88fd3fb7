import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { sentence, type Say } from '../../lib/i18n.ts';
import type { HandOver } from '@jamiya/contracts/members';
import {
  handOverViews,
  issuePasswordLink,
  keepForHandOver,
  sendPasswordLinkMail,
} from '../auth/public.ts';
import { audit } from '../audit/public.ts';
import type { Mailer } from '../mail/public.ts';
import { createUser, type NewUser, type User } from '../users/public.ts';
import { adminMemberView } from './admin-members.ts';

// The accounts the treasurer opens (by hand, or by accepting an application), and the one-time
// links to set a password that they and a reset hand out.

/**
 * A member's new account, with no password and a link to set their own, in the caller's
 * transaction: a member with none has never signed in, and a new link for them is an invitation.
 */
export async function createInvitedMember(
  tx: DbOrTx,
  input: Omit<NewUser, 'password'>,
  by: { actorId: number; publicUrl: string; now: Date },
) {
  const user = await createUser(tx, { ...input, password: null });
  const link = await issuePasswordLink(tx, {
    userId: user.id,
    purpose: 'invite',
    createdBy: by.actorId,
    publicUrl: by.publicUrl,
    now: by.now,
  });
  return { user, link };
}

/** A member's account opened by the treasurer (POST /api/admin/members), with its audit row. */
async function openMemberAccount(
  db: Db,
  input: Omit<NewUser, 'password'>,
  by: { actor: { id: number; ip: string }; publicUrl: string; now: Date },
) {
  const { actor, now } = by;
  return db.transaction(async (tx) => {
    const created = await createInvitedMember(tx, input, {
      actorId: actor.id,
      publicUrl: by.publicUrl,
      now,
    });
    await audit(tx, {
      actorId: actor.id,
      action: 'member.create',
      targetType: 'user',
      targetId: created.user.id,
      details: { email: created.user.email },
      ip: actor.ip,
      at: now,
    });
    return created;
  });
}

/**
 * POST /api/admin/members: the account opened, then its invitation mailed (or kept to hand
 * over), then the member as the treasurer's desk shows them.
 */
export async function openedMemberAnswer(
  deps: PasswordLinkMailDeps & { db: Db },
  input: Omit<NewUser, 'password'>,
  by: { actor: { id: number; ip: string }; publicUrl: string; now: Date },
) {
  const { user, link } = await openMemberAccount(deps.db, input, by);
  const mailed = await mailPasswordLink(deps, user.id, link, 'invite', {
    proposedBy: by.actor.id,
    confirmedBy: null,
  });
  return { user, mailed, member: await adminMemberView(deps.db, user) };
}

/** What mailing a password link needs, or keeping it for the admins to hand over. */
export interface PasswordLinkMailDeps {
  db: DbOrTx;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'warn'>;
  sealKey: Buffer;
}

/**
 * Mails a link to its user. The answer holds the link only when it was not mailed: the admin
 * never holds a live link otherwise. Then it is kept, sealed, for the admins who issued it
 * (`by`) to find again until it is used. A failed mail is logged; the link still stands.
 */
export async function mailPasswordLink(
  deps: PasswordLinkMailDeps,
  userId: number,
  link: { tokenId: string; url: string; expiresAt: Date },
  purpose: 'invite' | 'reset',
  by: { proposedBy: number; confirmedBy: number | null },
): Promise<{
  emailed: boolean;
  set_password_link: { url: string; expires_at: string } | null;
  handover: HandOver | null;
}> {
  const emailed = await sendPasswordLinkMail(deps, { userId, purpose, ...link });
  if (emailed) return { emailed, set_password_link: null, handover: null };
  const kept = { ...link, userId, purpose, ...by };
  await keepForHandOver(deps.db, deps.sealKey, [kept], by);
  const [handover] = await handOverViews(deps.db, [kept]);
  return {
    emailed,
    set_password_link: { url: link.url, expires_at: link.expiresAt.toISOString() },
    handover: handover!,
  };
}

/** What the treasurer is told once a member's account is open. */
export function memberOpenedMessage(user: User, emailed: boolean): Say {
  return emailed
    ? sentence(/*i18n*/ '{name} is a member now; a link to set a password was sent to {email}.', {
        name: user.name,
        email: user.email,
      })
    : sentence(/*i18n*/ '{name} is a member now. Give them the link to set a password.', {
        name: user.name,
      });
}
