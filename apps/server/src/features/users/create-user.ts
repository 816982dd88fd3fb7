import { sql } from 'drizzle-orm';
import type { Language } from '@jamiya/contracts/languages';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { inBatches } from '../../lib/batches.ts';
import { conflict } from '../../lib/errors.ts';
import { hashPassword } from '../auth/public.ts';
import type { User } from './user-data.ts';

export interface NewUser {
  name: string;
  email: string;
  password: string;
  role?: 'member' | 'admin';
  /** An admin is an admin only unless this says they are a member too. */
  isMember?: boolean;
  mobile?: string | null;
  address?: string | null;
  nationalId?: string | null;
  gender?: 'male' | 'female' | null;
  wallet?: string | null;
  joinedOn: string;
  /** What the app, the mails and the invitation are in for this account; English when missing. */
  language?: Language;
  createdAt?: Date;
}

/** The member number shown as "ID": JM followed by the row id. */
export function uniqueIdFor(id: number): string {
  return `JM${String(id).padStart(6, '0')}`;
}

export async function createUser(db: DbOrTx, input: NewUser): Promise<User> {
  const role = input.role ?? 'member';
  const [user] = await insertUsers(db, [
    {
      role,
      isMember: role === 'member' || input.isMember === true,
      name: input.name,
      email: input.email,
      mobile: input.mobile ?? null,
      address: input.address ?? null,
      nationalId: input.nationalId ?? null,
      gender: input.gender ?? null,
      wallet: input.wallet ?? null,
      passwordHash: await hashPassword(input.password),
      joinedOn: input.joinedOn,
      language: input.language ?? 'en',
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    },
  ]);
  return user!;
}

/** A member brought in from the association's books: no password until they set one by link. */
export interface BroughtInMember {
  name: string;
  email: string;
  mobile: string | null;
  nationalId: string | null;
  language: Language;
  joinedOn: string;
  createdAt: Date;
}

/**
 * Members brought in from an association's books (features/imports), in the caller's
 * transaction, in a few statements whatever their number: active, with no password (an empty
 * hash, which no password verifies: auth's verifyPassword). Answers their rows in the order
 * given.
 */
export function createMembersWithoutPassword(
  db: DbOrTx,
  members: readonly BroughtInMember[],
): Promise<User[]> {
  return insertUsers(
    db,
    members.map((m) => ({
      role: 'member' as const,
      isMember: true,
      ...m,
      passwordHash: '',
      updatedAt: m.createdAt,
    })),
  );
}

/**
 * Users written with their member IDs at once (their ids taken from the sequence first), a
 * thousand to a statement; answers their rows in the order given. A taken email is 409.
 */
async function insertUsers(
  db: DbOrTx,
  rows: ReadonlyArray<Omit<typeof users.$inferInsert, 'id' | 'uniqueId'>>,
): Promise<User[]> {
  if (rows.length === 0) return [];
  const ids = (await db.execute(
    sql`select nextval(pg_get_serial_sequence('users', 'id'))::int as id from generate_series(1, ${rows.length})`,
  )) as unknown as { rows: Array<{ id: number }> };
  const withIds = rows.map((row, i) => {
    const id = Number(ids.rows[i]!.id);
    return { ...row, id, uniqueId: uniqueIdFor(id), email: row.email.trim() };
  });
  const created: User[] = [];
  try {
    for (const batch of inBatches(withIds))
      created.push(...(await db.insert(users).values(batch).returning()));
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_lower_idx'))
      throw conflict(/*i18n*/ 'A member with this email already exists.');
    throw err;
  }
  return created;
}
