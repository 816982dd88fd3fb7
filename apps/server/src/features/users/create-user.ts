import { eq, sql } from 'drizzle-orm';
import type { Language } from '@jamiya/contracts/languages';
import type { DbOrTx } from '../../db/client.ts';
import { memberNumbers, users } from '../../db/schema/users.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { inBatches } from '../../lib/batches.ts';
import { conflict } from '../../lib/errors.ts';
import { hashPassword } from '../auth/public.ts';
import type { User } from './user-data.ts';

export interface NewUser {
  name: string;
  email: string;
  /** Null: none until they set one by link (an empty hash, which no password verifies). */
  password: string | null;
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

/** The member number shown as "ID": JM followed by the number, six digits at least. */
export function uniqueIdFor(number: number): string {
  return `JM${String(number).padStart(6, '0')}`;
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
      passwordHash: input.password === null ? '' : await hashPassword(input.password),
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
 * Users written with their member IDs at once, a thousand to a statement; answers their rows in
 * the order given. The numbers are taken from member_numbers in the caller's transaction (its
 * row locked until then), so a rolled-back insert gives none away. A taken email is 409.
 */
async function insertUsers(
  db: DbOrTx,
  rows: ReadonlyArray<Omit<typeof users.$inferInsert, 'id' | 'uniqueId'>>,
): Promise<User[]> {
  if (rows.length === 0) return [];
  const [taken] = await db
    .update(memberNumbers)
    .set({ last: sql`${memberNumbers.last} + ${rows.length}` })
    .where(eq(memberNumbers.id, 1))
    .returning({ last: memberNumbers.last });
  const first = taken!.last - rows.length + 1;
  const numbered = rows.map((row, i) => ({
    ...row,
    uniqueId: uniqueIdFor(first + i),
    email: row.email.trim(),
  }));
  const created: User[] = [];
  try {
    for (const batch of inBatches(numbered))
      created.push(...(await db.insert(users).values(batch).returning()));
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_lower_idx'))
      throw conflict(/*i18n*/ 'A member with this email already exists.');
    throw err;
  }
  return created;
}
