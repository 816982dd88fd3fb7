import { count, eq, sql } from 'drizzle-orm';
import type { Language } from '@jamiya/contracts/languages';
import type { JoinRequest } from '@jamiya/contracts/membership';
import type { Db, DbOrTx } from '../../db/client.ts';
import { membershipApplications } from '../../db/schema/membership.ts';
import { users } from '../../db/schema/users.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { audit } from '../audit/public.ts';
import { recordLimitedRequest } from '../auth/public.ts';

export const APPLICATION_LIMIT = { perAddress: 5, windowMs: 60 * 60_000 } as const;

type Application = { [K in keyof JoinRequest]: string };

/**
 * Records a Join Now application. An email that already belongs to a member or to a pending
 * application adds nothing, and the caller answers the same either way, so that the form
 * does not tell who is a member. The limit per address is checked first, for the same reason.
 */
export async function submitApplication(
  db: Db,
  input: Application,
  meta: { ip: string; now: Date; language: Language },
): Promise<{ applicationId: number | null }> {
  return db.transaction(async (tx) => {
    // Serialises one address's applications, so that a burst cannot slip under the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`application:${meta.ip}`}))`);
    // Every attempt counts, stored or not (a member's email stores nothing), as the reset
    // requests are counted: the sixth answers the same whoever the emails belong to.
    const address = `apply:${meta.ip}`;
    const recent = await recordLimitedRequest(tx, {
      accountKey: address,
      client: address,
      windowMs: APPLICATION_LIMIT.windowMs,
      now: meta.now,
    });
    if (recent > APPLICATION_LIMIT.perAddress) {
      throw tooManyRequests(
        /*i18n*/ 'Too many applications were sent from your network in the last hour. Please try again later.',
      );
    }
    const email = input.email.trim();
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    if (member) return { applicationId: null };
    // The partial unique index keeps one pending application per email, even under a race.
    const [row] = await tx
      .insert(membershipApplications)
      .values({
        name: input.name,
        email,
        mobile: input.mobile,
        nationalId: input.national_id,
        address: input.address,
        language: meta.language,
        ip: meta.ip,
        createdAt: meta.now,
      })
      .onConflictDoNothing()
      .returning({ id: membershipApplications.id });
    if (!row) return { applicationId: null };
    await audit(tx, {
      actorId: null,
      action: 'application.submit',
      targetType: 'membership_application',
      targetId: row.id,
      ip: meta.ip,
      at: meta.now,
    });
    return { applicationId: row.id };
  });
}

/** How many applications to join wait for the treasurer. */
export async function pendingApplicationCount(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(membershipApplications)
    .where(eq(membershipApplications.status, 'pending'));
  return Number(row?.n ?? 0);
}
