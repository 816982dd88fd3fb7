import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { newPassword } from '@jamiya/contracts/auth';
import { joinRequest } from '@jamiya/contracts/membership';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import { isCommonPassword, issuePasswordLink } from '../features/auth/public.ts';
import { audit } from '../features/audit/public.ts';
import { formatUntil } from '../features/mail/public.ts';
import { createUser } from '../features/users/public.ts';
import { localDate } from '../lib/calendar.ts';

export const USAGE = `Usage:
  npm run admin -- create --email <email> --name <name> [--password <password>] [--member]
      Creates an admin and prints a one-time link to set the password
      (or, with --password, sets that password and prints no link).
      With --member the admin is a member too: they owe dues and have the member area.
  npm run admin -- reset-password --email <email>
      Prints a one-time link to set a new password for that admin or member.

Links work once, for 24 hours, and start with PUBLIC_URL. The database is the one the
server uses: DATABASE_URL when set, otherwise the embedded database in DATA_DIR (the server
stopped: one process at a time).`;

export type AdminCommand =
  | { kind: 'help' }
  | {
      kind: 'create';
      email: string;
      name: string;
      password: string | undefined;
      member?: boolean;
    }
  | { kind: 'reset-password'; email: string };

/** A mistake on the command line: answered with the usage and exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A request that cannot be done (unknown email, email taken): exit code 1. */
export class CommandError extends Error {
  override name = 'CommandError';
}

export function parseAdminArgs(args: string[]): AdminCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        password: { type: 'string' },
        member: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const { positionals, values } = parsed;
  if (values.help || positionals[0] === 'help') return { kind: 'help' };
  const [command, ...extra] = positionals;
  if (!command) throw new UsageError('Name a command: create or reset-password.');
  if (extra.length) throw new UsageError(`Unexpected argument: ${extra.join(' ')}`);
  const email = joinRequest.shape.email.safeParse(values.email ?? '');
  if (command === 'create') {
    const name = joinRequest.shape.name.safeParse(values.name ?? '');
    if (!email.success) throw new UsageError(`--email: ${email.error.issues[0]?.message}`);
    if (!name.success) throw new UsageError(`--name: ${name.error.issues[0]?.message}`);
    if (values.password !== undefined) {
      const checked = newPassword.safeParse(values.password);
      if (!checked.success) throw new UsageError(`--password: ${checked.error.issues[0]?.message}`);
      if (isCommonPassword(values.password))
        throw new UsageError('--password: that password is too common.');
    }
    return {
      kind: 'create',
      email: email.data,
      name: name.data,
      password: values.password,
      ...(values.member ? { member: true } : {}),
    };
  }
  if (command === 'reset-password') {
    if (values.name !== undefined || values.password !== undefined || values.member)
      throw new UsageError('reset-password takes only --email.');
    if (!email.success) throw new UsageError(`--email: ${email.error.issues[0]?.message}`);
    return { kind: 'reset-password', email: email.data };
  }
  throw new UsageError(`Unknown command: ${command}`);
}

/** Runs a command on an open database and answers the lines to print. */
export async function runAdminCommand(
  db: Db,
  command: Exclude<AdminCommand, { kind: 'help' }>,
  options: { publicUrl: string; now?: Date },
): Promise<string[]> {
  const now = options.now ?? new Date();
  if (command.kind === 'create') {
    return db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, command.email.toLowerCase()));
      if (taken)
        throw new CommandError(`An account with the email ${command.email} already exists.`);
      const user = await createUser(tx, {
        name: command.name,
        email: command.email,
        // Without --password nobody knows this one: the admin chooses theirs with the link.
        password: command.password ?? randomBytes(32).toString('base64url'),
        role: 'admin',
        isMember: command.member === true,
        joinedOn: localDate(now),
        createdAt: now,
      });
      await audit(tx, {
        actorId: null,
        action: 'user.create_admin',
        targetType: 'user',
        targetId: user.id,
        details: { via: 'cli' },
        at: now,
      });
      const created = `Admin ${user.email} created (${user.uniqueId})${user.isMember ? ', a member too' : ''}.`;
      if (command.password !== undefined) return [created, 'They sign in with the password given.'];
      const link = await issuePasswordLink(tx, {
        userId: user.id,
        purpose: 'invite',
        createdBy: null,
        publicUrl: options.publicUrl,
        now,
      });
      await audit(tx, {
        actorId: null,
        action: 'user.password_link_issued',
        targetType: 'user',
        targetId: user.id,
        details: { purpose: 'invite', via: 'cli' },
        at: now,
      });
      return [
        created,
        `Give them this link to set their password; it works once, until ${formatUntil(link.expiresAt)}:`,
        link.url,
      ];
    });
  }
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(eq(sql`lower(${users.email})`, command.email.toLowerCase()));
  if (!user) throw new CommandError(`No admin or member has the email ${command.email}.`);
  const link = await issuePasswordLink(db, {
    userId: user.id,
    purpose: 'reset',
    createdBy: null,
    publicUrl: options.publicUrl,
    now,
  });
  await audit(db, {
    actorId: null,
    action: 'user.password_link_issued',
    targetType: 'user',
    targetId: user.id,
    details: { purpose: 'reset', via: 'cli' },
    at: now,
  });
  return [
    `A new link to set the password of ${user.name} <${user.email}> (${user.role}); it works once, until ${formatUntil(link.expiresAt)}, and earlier links no longer work:`,
    link.url,
  ];
}
