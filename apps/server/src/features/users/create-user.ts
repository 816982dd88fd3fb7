import { eq } from 'drizzle-orm';
import type { Language } from '@jamiya/contracts/languages';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
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
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(users)
      .values({
        uniqueId: `pending-${crypto.randomUUID()}`,
        role: input.role ?? 'member',
        isMember: (input.role ?? 'member') === 'member' || input.isMember === true,
        name: input.name,
        email: input.email.trim(),
        mobile: input.mobile ?? null,
        address: input.address ?? null,
        nationalId: input.nationalId ?? null,
        gender: input.gender ?? null,
        wallet: input.wallet ?? null,
        passwordHash,
        joinedOn: input.joinedOn,
        language: input.language ?? 'en',
        ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
      })
      .returning({ id: users.id });
    if (!row) throw new Error('user was not written');
    const [user] = await db
      .update(users)
      .set({ uniqueId: uniqueIdFor(row.id) })
      .where(eq(users.id, row.id))
      .returning();
    return user!;
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_lower_idx'))
      throw conflict(/*i18n*/ 'A member with this email already exists.');
    throw err;
  }
}
