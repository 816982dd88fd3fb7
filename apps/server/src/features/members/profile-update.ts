import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { profileUpdateFields, UserData } from '@jamiya/contracts/profile';
import type { Db } from '../../db/client.ts';
import { professions, users } from '../../db/schema/users.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import type { UploadedFile } from '../../lib/uploaded-file.ts';
import { audit } from '../audit/public.ts';
import { insertFileRow, pendingUpload, sanitizeUpload, type FileStorage } from '../files/public.ts';
import { toUserData } from '../users/public.ts';

// A member's own profile changed (POST /api/profile/update): the fields sent, and a photo.

/** Changes what `fields` sends of the account, and its photo when `image` is one. */
export async function updateProfile(
  deps: { db: Db; storage: FileStorage },
  userId: number,
  fields: z.output<typeof profileUpdateFields>,
  image: UploadedFile | undefined,
  ip: string,
): Promise<void> {
  const { db, storage } = deps;
  if (fields.profession_id !== undefined) {
    const [profession] = await db
      .select({ id: professions.id })
      .from(professions)
      .where(eq(professions.id, fields.profession_id));
    if (!profession)
      throw unprocessable(/*i18n*/ 'Choose a profession from the list.', {
        profession_id: [/*i18n*/ 'Unknown profession.'],
      });
  }
  const photo = image
    ? pendingUpload(
        storage,
        await sanitizeUpload(image.data, { allowed: ['jpeg', 'png', 'webp', 'heic'] }),
        image.filename,
      )
    : null;
  const now = new Date();
  await db.transaction(async (tx) => {
    const file = photo ? await insertFileRow(tx, userId, 'profile_photo', photo) : null;
    // When the name or the mobile changes: the arrears desk shows it (docs/domain/arrears.md).
    const mobileChanged =
      fields.mobile === undefined
        ? sql``
        : sql` or ${users.mobile} is distinct from ${fields.mobile}`;
    const contactChangedAt = sql<Date | null>`case when ${users.name} is distinct from ${fields.name}${mobileChanged}
      then ${now.toISOString()}::timestamptz else ${users.contactChangedAt} end`;
    await tx
      .update(users)
      .set({
        name: fields.name,
        ...(fields.address !== undefined ? { address: fields.address } : {}),
        wallet: fields.wallet,
        ...(fields.gender ? { gender: fields.gender } : {}),
        ...(fields.profession_id !== undefined ? { professionId: fields.profession_id } : {}),
        ...(fields.mobile !== undefined ? { mobile: fields.mobile } : {}),
        ...(fields.payday !== undefined ? { payday: fields.payday } : {}),
        ...(file ? { imageFileId: file.id } : {}),
        contactChangedAt,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await audit(tx, {
      actorId: userId,
      action: 'user.profile_update',
      targetType: 'user',
      targetId: userId,
      ip,
      at: now,
    });
  });
}

type OwnSetting = Partial<Pick<typeof users.$inferInsert, 'language' | 'payday'>>;
type OwnSettingAction = 'user.language' | 'user.profile_update';

/** One setting of one's own account (the language, the payday) changed, with its audit row. */
function saveOwnSetting(
  db: Db,
  userId: number,
  change: OwnSetting,
  action: OwnSettingAction,
  ip: string,
  now: Date,
): Promise<void> {
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...change, updatedAt: now })
      .where(eq(users.id, userId));
    await audit(tx, { actorId: userId, action, targetType: 'user', targetId: userId, ip, at: now });
  });
}

/** One's own account as it now stands, read after a change to answer with it. */
async function ownProfile(db: Db, userId: number): Promise<UserData> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  return toUserData(user);
}

/** POST /api/profile/update: the change made, then the profile as it now stands. */
export async function updatedProfile(
  ...change: Parameters<typeof updateProfile>
): Promise<UserData> {
  await updateProfile(...change);
  const [{ db }, userId] = change;
  return ownProfile(db, userId);
}

/** One setting of one's own account changed, audited, and the profile as it now stands. */
export async function saveOwn(
  db: Db,
  me: { userId: number; ip: string },
  change: OwnSetting,
  action: OwnSettingAction,
  message: string,
  now: Date,
): Promise<{ message: string; userData: UserData }> {
  await saveOwnSetting(db, me.userId, change, action, me.ip, now);
  return { message, userData: await ownProfile(db, me.userId) };
}
