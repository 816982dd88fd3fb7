import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { filsToAed } from '@jamiya/money/fils';
import {
  adminMember,
  adminMemberDetail,
  adminMembersQuery,
  createMemberRequest,
  memberCreatedResponse,
  memberStatusRequest,
  memberStatusResponse,
  passwordLinkResponse,
} from '@jamiya/contracts/admin';
import { errorBody, listOf } from '@jamiya/contracts/common';
import { loans } from '../../db/schema/loans.ts';
import { payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { localDate } from '../../lib/calendar.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { page, parseCursor } from '../../lib/pagination.ts';
import { audit } from '../audit/audit.ts';
import { issuePasswordLink, sendPasswordLinkMail } from '../auth/password-links.ts';
import { revokeOtherSessions } from '../auth/sessions.ts';
import { accountSummary } from '../dues/dues.ts';
import { toAdminPayments } from './payment-views.ts';
import { notify } from '../notifications/notify.ts';
import { passwordLinkNotice } from '../notifications/texts.ts';
import { memberStatement, toStatementLine } from '../ledger/statement.ts';
import { statementCsv } from '../statement/statement-view.ts';
import { toLoanView } from '../loans/loan-view.ts';
import { createUser } from '../members/create-user.ts';
import type { User } from '../members/user-data.ts';
import { actorOf, idParams, refused, secured } from '../../lib/route-kit.ts';
import { adminMembers, balancesOf, searchMembers, toAdminMember } from './members.ts';

/** Members: search, create with a one-time link, detail with statement, status, reset links. */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, publicUrl } = app.deps;

  async function loadUser(id: number): Promise<User> {
    const [user] = await db.select().from(users).where(eq(users.id, id));
    if (!user) throw notFound('There is no such member.');
    return user;
  }

  async function memberView(user: User) {
    const balances = await balancesOf(db, [user.id]);
    return toAdminMember(user, balances.get(user.id)!);
  }

  /** Mails a link; a failure is logged and answered as not sent: the link still stands. */
  const linkView = (link: { url: string; expiresAt: Date }) => ({
    url: link.url,
    expires_at: link.expiresAt.toISOString(),
  });
  const mailLink = (
    userId: number,
    link: { url: string; expiresAt: Date },
    purpose: 'invite' | 'reset',
  ) => sendPasswordLinkMail({ db, mailer, log: app.log }, { userId, purpose, ...link });

  app.get(
    '/members',
    {
      schema: {
        tags: ['admin'],
        summary: 'Members and admins, newest first; search by name, email, mobile or member ID',
        ...secured,
        querystring: adminMembersQuery,
        response: { 200: listOf(adminMember), ...refused },
      },
    },
    async (request) => {
      const { q, status, limit } = request.query;
      const rows = await searchMembers(db, {
        q,
        status,
        before: parseCursor(request.query.cursor),
        limit: limit + 1,
      });
      const { items, nextCursor } = page(rows, limit);
      return { items: await adminMembers(db, items), next_cursor: nextCursor };
    },
  );

  app.post(
    '/members',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a member; answers a one-time link to set a password (also e-mailed)',
        ...secured,
        body: createMemberRequest,
        response: {
          201: memberCreatedResponse,
          ...refused,
          409: errorBody,
          422: errorBody,
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const now = new Date();
      const body = request.body;
      const { user, link } = await db.transaction(async (tx) => {
        const created = await createUser(tx, {
          name: body.name,
          email: body.email,
          // Nobody knows this password: the member sets their own through the link.
          password: randomBytes(32).toString('base64url'),
          mobile: body.mobile,
          address: body.address ?? null,
          nationalId: body.national_id ?? null,
          joinedOn: body.joined_on ?? localDate(now),
        });
        const issued = await issuePasswordLink(tx, {
          userId: created.id,
          purpose: 'invite',
          createdBy: actor.id,
          publicUrl,
          now,
        });
        await audit(tx, {
          actorId: actor.id,
          action: 'member.create',
          targetType: 'user',
          targetId: created.id,
          details: { email: created.email },
          ip: actor.ip,
          at: now,
        });
        return { user: created, link: issued };
      });
      const emailed = await mailLink(user.id, link, 'invite');
      reply.code(201);
      return {
        message: emailed
          ? `${user.name} is a member now; a link to set a password was sent to ${user.email}.`
          : `${user.name} is a member now. Give them the link to set a password.`,
        member: await memberView(user),
        set_password_link: emailed ? null : linkView(link),
        emailed,
      };
    },
  );

  app.get(
    '/members/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One member: profile, balances, loans, submissions and statement',
        ...secured,
        params: idParams,
        response: { 200: adminMemberDetail, ...refused, 404: errorBody },
      },
    },
    async (request) => {
      const user = await loadUser(request.params.id);
      const now = new Date();
      const summary = await accountSummary(db, user.id, now);
      const memberRef = { id: user.id, unique_id: user.uniqueId, name: user.name };
      const loanRows = await db
        .select()
        .from(loans)
        .where(eq(loans.userId, user.id))
        .orderBy(desc(loans.id));
      const paymentRows = await db
        .select()
        .from(payments)
        .where(eq(payments.userId, user.id))
        .orderBy(desc(payments.id))
        .limit(50);
      return {
        member: toAdminMember(user, {
          savingsFils: summary.savingsFils,
          loanFils: summary.loanBalanceFils,
        }),
        due_balance: filsToAed(summary.dueBalanceFils),
        unpaid_months: summary.rows.filter((r) => r.status === 'due' || r.status === 'pay_now')
          .length,
        loans: await Promise.all(
          loanRows.map(async (l) => ({ ...(await toLoanView(db, l, now)), member: memberRef })),
        ),
        payments: await toAdminPayments(db, paymentRows),
        statement: (await memberStatement(db, user.id)).map(toStatementLine),
      };
    },
  );

  app.get(
    '/members/:id/statement.csv',
    {
      schema: {
        tags: ['admin'],
        summary: "A member's statement as CSV (newest first, running balances)",
        ...secured,
        params: idParams,
        produces: ['text/csv'],
        response: { 200: z.string(), ...refused, 404: errorBody },
      },
    },
    async (request, reply) => {
      const user = await loadUser(request.params.id);
      const lines = await memberStatement(db, user.id);
      const csv = statementCsv(lines);
      reply
        .type('text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="statement-${user.uniqueId}-${localDate(new Date())}.csv"`,
        );
      return csv;
    },
  );

  app.post(
    '/members/:id/status',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Activate or deactivate a member; deactivating ends their sessions (they may sign in again and read, not borrow)',
        ...secured,
        params: idParams,
        body: memberStatusRequest,
        response: {
          200: memberStatusResponse,
          ...refused,
          404: errorBody,
          409: errorBody,
          422: errorBody,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const now = new Date();
      const wanted = request.body.status === 'active' ? 1 : 0;
      if (request.params.id === actor.id && wanted === 0)
        throw conflict('You cannot deactivate your own account.');
      const user = await db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(users)
          .where(eq(users.id, request.params.id))
          .for('update');
        if (!current) throw notFound('There is no such member.');
        if (current.status === wanted)
          throw conflict(`This member is already ${request.body.status}.`);
        const [updated] = await tx
          .update(users)
          .set({ status: wanted, updatedAt: now })
          .where(and(eq(users.id, current.id), eq(users.status, current.status)))
          .returning();
        if (wanted === 0) await revokeOtherSessions(tx, current.id, null, now);
        await audit(tx, {
          actorId: actor.id,
          action: wanted === 1 ? 'member.activate' : 'member.deactivate',
          targetType: 'user',
          targetId: current.id,
          reason: request.body.reason || null,
          ip: actor.ip,
          at: now,
        });
        return updated!;
      });
      return {
        message: wanted === 1 ? `${user.name} is active again.` : `${user.name} is inactive now.`,
        member: await memberView(user),
      };
    },
  );

  app.post(
    '/members/:id/password-reset',
    {
      schema: {
        tags: ['admin'],
        summary: 'A one-time link (24 h) to set a new password; e-mailed when mail is set up',
        ...secured,
        params: idParams,
        response: { 200: passwordLinkResponse, ...refused, 404: errorBody },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const now = new Date();
      const user = await loadUser(request.params.id);
      const link = await db.transaction(async (tx) => {
        const issued = await issuePasswordLink(tx, {
          userId: user.id,
          purpose: 'reset',
          createdBy: actor.id,
          publicUrl,
          now,
        });
        await audit(tx, {
          actorId: actor.id,
          action: 'user.password_link_issued',
          targetType: 'user',
          targetId: user.id,
          details: { purpose: 'reset', via: 'admin' },
          ip: actor.ip,
          at: now,
        });
        // The owner hears of it (and by mail, from the notifications job), asked for or not.
        await notify(tx, { ...passwordLinkNotice(user.id, now), at: now });
        return issued;
      });
      const emailed = await mailLink(user.id, link, 'reset');
      return {
        message: emailed
          ? `A link to set a new password was sent to ${user.email}.`
          : 'Give this link to the member; it works once, for 24 hours.',
        set_password_link: emailed ? null : linkView(link),
        emailed,
      };
    },
  );
};
