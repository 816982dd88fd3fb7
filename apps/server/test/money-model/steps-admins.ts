// The steps of the admins: one made inactive or active again, a member's password link; each
// proposed by one admin and confirmed by the other while two are active.
import fc from 'fast-check';
import { bearer } from '../harness.ts';
import { call, signInAgain } from './calls.ts';
import { activeAdmins, admin, hit, member, signerAnswer } from './helpers.ts';
import { step } from './verify.ts';

/**
 * Admin k makes admin `target` active or inactive. With two active admins it is proposed and the
 * other admin (the one concerned included) confirms it; alone, an admin brings the other back.
 * Nobody makes themselves inactive without another's proposal, nor the last active admin.
 */
export const adminStatus = fc
  .record({
    k: admin,
    target: admin,
    h: hit,
    // Mostly a change of status: the same status again is a 409 worth drawing less often.
    flip: fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, fc.constant(false)),
  })
  .map(({ k, target, h, flip }) =>
    step(
      `adminStatus(a${k}: a${target}${h ? '*' : ''}${flip ? ' flip' : ''})`,
      () => true,
      async (model, real) => {
        // A hit confirms an open proposal as the other admin; otherwise admin k acts.
        const proposed = h ? model.admins.findIndex((a) => a.statusProposal !== null) : -1;
        const t = proposed >= 0 ? proposed : target;
        const a = model.admins[t]!;
        const who = proposed >= 0 ? 1 - a.statusProposal!.by : k;
        const to = proposed >= 0 ? a.statusProposal!.to : a.active === flip ? 'inactive' : 'active';
        const open = a.statusProposal?.to === to ? a.statusProposal : null;
        const isChange = a.active !== (to === 'active');
        const expected = signerAnswer(model, who, open, {
          refused:
            (who === t && to === 'inactive' && !open) ||
            !isChange ||
            (to === 'inactive' && activeAdmins(model) < 2)
              ? 409
              : null,
        });
        await call(
          model,
          real,
          {
            url: `/api/admin/members/${a.userId}/status`,
            payload: { status: to },
            headers: bearer(real.adminTokens[who]!),
          },
          expected,
        );
        if (expected === 202) a.statusProposal = { to, by: who };
        if (expected !== 200) return;
        if (!open) model.alone.statuses += 1;
        a.statusProposal = null;
        a.active = to === 'active';
        if (!a.active) {
          // Their sessions ended: they sign in again, to read (and to be refused admin calls).
          await signInAgain(model, real, t);
          // A replay of a call by a session that has ended is a 401 now, not the first answer.
          if (t === who) model.last = null;
        }
      },
    ),
  );

/**
 * A link for member i to set a new password: proposed with two active admins, made by the other;
 * making it ends the member's sessions. Never for an admin's account (403).
 */
export const passwordLink = fc
  .record({ i: member, h: hit, k: admin, forAdmin: fc.boolean() })
  .map(({ i, h, k, forAdmin }) =>
    step(
      `passwordLink(a${k}, ${forAdmin ? `a${1 - k}` : `m${i}${h ? '*' : ''}`})`,
      () => true,
      async (model, real) => {
        const m = model.members[i]!;
        const open = forAdmin ? null : m.linkProposal;
        const who = h && open ? 1 - open.by : k;
        const expected = signerAnswer(model, who, open, { forbidden: forAdmin });
        await call(
          model,
          real,
          {
            url: `/api/admin/members/${forAdmin ? model.admins[1 - k]!.userId : m.userId}/password-reset`,
            headers: bearer(real.adminTokens[who]!),
          },
          expected,
        );
        // Not replayed: its answer may hold a live link, which no idempotency record keeps.
        model.last = null;
        if (expected === 202) m.linkProposal = { by: who };
        if (expected !== 200) return;
        if (!open) model.alone.links += 1;
        m.linkProposal = null;
        m.token = await real.t.login(m.email);
      },
    ),
  );
